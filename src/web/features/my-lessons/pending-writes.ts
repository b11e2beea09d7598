import * as v from 'valibot'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import type { OutboxEntry } from '../../offline/outbox.ts'

// What the user wrote offline and the server does not have yet (architecture.md "Offline"): shown
// in the dialogs in place of the server's values, so reopening one shows the pending note, memo or
// rating, never the older text.

const updateInput = v.object({
  note: v.optional(v.string()),
  teacher_memos: v.optional(v.string()),
  student_memos: v.optional(v.string()),
})
const ratingInput = v.object({ value: v.number(), comment: v.string() })

/** The lesson with its pending writes applied in the order they were made. */
export function withPendingWrites(lesson: Lesson, entries: OutboxEntry[]): Lesson {
  let shown = lesson
  for (const entry of entries) {
    if (entry.lessonId !== lesson.id || entry.state !== 'pending') continue
    if (entry.kind === 'update') {
      const input = v.safeParse(updateInput, entry.input)
      if (!input.success) continue
      const { note, teacher_memos, student_memos } = input.output
      shown = {
        ...shown,
        ...(note === undefined ? {} : { note }),
        ...(teacher_memos === undefined ? {} : { teacher_memos }),
        ...(student_memos === undefined ? {} : { student_memos }),
      }
    } else if (entry.kind === 'rating') {
      const input = v.safeParse(ratingInput, entry.input)
      if (input.success)
        shown = { ...shown, rating: { value: input.output.value, comment: input.output.comment } }
    }
  }
  return shown
}

/** What a refused write was, for the list of refusals: its kind and the text the user wrote. */
export function describeWrite(entry: OutboxEntry): { kind: 'note' | 'memo' | 'rating'; text: string } {
  if (entry.kind === 'rating') {
    const input = v.safeParse(ratingInput, entry.input)
    return { kind: 'rating', text: input.success ? `${input.output.value}/5 — ${input.output.comment}` : '' }
  }
  const input = v.safeParse(updateInput, entry.input)
  if (!input.success) return { kind: 'note', text: '' }
  const { note, teacher_memos, student_memos } = input.output
  return note === undefined
    ? { kind: 'memo', text: teacher_memos ?? student_memos ?? '' }
    : { kind: 'note', text: note }
}
