import type { Lesson, LessonUpdate } from '../../../domain/api/my-lessons.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { type ReadContext, readLesson } from './lists.ts'
import { type LessonChanges, lockViewerLesson, updateLesson, updateMeetingMemo } from './write-repository.ts'

// POST /lessons/update (JSON) — AddNote and LessonMemos (product-rules.md "Notes and memos"): the
// teacher edits the teacher memo, the student the student memo (hidden for group lessons); the
// note is the student's (docs/decisions.md). Both parties read all three.

const emptyToNull = (text: string) => (text === '' ? null : text)

/** The one change the body asks for, and the role that may make it. */
function changeOf(input: LessonUpdate): { role: Viewer['role']; changes: LessonChanges } {
  if (input.note !== undefined) return { role: 'student', changes: { note: input.note } }
  if (input.teacher_memos !== undefined) {
    return { role: 'teacher', changes: { teacherMemos: emptyToNull(input.teacher_memos) } }
  }
  return { role: 'student', changes: { studentMemos: emptyToNull(input.student_memos ?? '') } }
}

export async function updateNotes(
  tx: Db,
  ctx: Pick<ReadContext, 'fileUrls'>,
  viewer: Viewer,
  input: LessonUpdate,
  now: Date,
): Promise<Lesson> {
  const lesson = await lockViewerLesson(tx, viewer, input.lesson_id)
  const { role, changes } = changeOf(input)
  if (viewer.role !== role) throw new AppError('forbidden')
  if (input.student_memos !== undefined && lesson.isGroup) throw new AppError('group_lesson_memo')
  if (lesson.cancelledAt) throw new AppError('lesson_cancelled')
  // product-rules.md "Notes and memos": a group lesson's teacher memo is its meeting's, one for all.
  if (lesson.groupMeetingId && changes.teacherMemos !== undefined) {
    await updateMeetingMemo(tx, lesson.groupMeetingId, changes.teacherMemos)
  } else {
    await updateLesson(tx, lesson.id, changes)
  }
  return readLesson(tx, ctx, viewer, lesson.id, now)
}
