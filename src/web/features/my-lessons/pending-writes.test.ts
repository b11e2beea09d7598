import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../offline/outbox.ts'
import type { OutboxKind } from '../../offline/outbox-write.ts'
import { lessonFixture, lessonId } from '../../test-support/lesson-fixture.ts'
import { describeWrite, withPendingWrites } from './pending-writes.ts'

const lesson = lessonFixture({ note: 'stara', rating: { value: 2, comment: 'słabo' } })
let seq = 0
const entry = (
  kind: OutboxKind,
  input: unknown,
  overrides: Partial<Pick<OutboxEntry, 'lessonId' | 'state'>> = {},
): OutboxEntry => ({
  seq: ++seq,
  userId: 'u',
  lessonId: lesson.id,
  kind,
  input,
  idempotencyKey: `key-${seq}`,
  createdAt: 0,
  state: 'pending',
  refusal: null,
  ...overrides,
})

describe('withPendingWrites', () => {
  it('shows the latest pending note, memo and rating of the lesson', () => {
    const shown = withPendingWrites(lesson, [
      entry('update', { lesson_id: lesson.id, note: 'pierwsza' }),
      entry('update', { lesson_id: lesson.id, student_memos: 'memo' }),
      entry('update', { lesson_id: lesson.id, note: 'druga' }),
      entry('rating', { lesson_id: lesson.id, value: 5, comment: 'super', mode: 'update' }),
    ])
    expect(shown).toMatchObject({
      note: 'druga',
      student_memos: 'memo',
      rating: { value: 5, comment: 'super' },
    })
  })

  it('ignores other lessons, refused writes and unreadable ones', () => {
    const shown = withPendingWrites(lesson, [
      entry('update', { note: 'inna lekcja' }, { lessonId: lessonId(99) }),
      entry('update', { note: 'odrzucona' }, { state: 'failed' }),
      entry('update', { note: 42 }),
    ])
    expect(shown).toEqual(lesson)
  })
})

describe('describeWrite', () => {
  it('names the kind of write and what was written', () => {
    expect(describeWrite(entry('update', { note: 'n' }))).toEqual({ kind: 'note', text: 'n' })
    expect(describeWrite(entry('update', { teacher_memos: 'm' }))).toEqual({ kind: 'memo', text: 'm' })
    expect(describeWrite(entry('rating', { value: 4, comment: 'ok' }))).toEqual({
      kind: 'rating',
      text: '4/5 — ok',
    })
  })
})
