import type { AbsenceReportInput, Lesson } from '../../../domain/api/my-lessons.ts'
import { JOIN_WINDOW_MINUTES } from '../../../domain/constants.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { type ReadContext, readLesson } from './lists.ts'
import {
  everJoinedRoom,
  hasAbsenceReport,
  insertAbsenceReport,
  lockViewerLesson,
} from './write-repository.ts'

// POST lessons/report_absence (product-rules.md "Absence reports"): either party reports the other;
// reports open with the join window, 15 minutes before the start (product-rules.md "Join window"),
// and stay open after the lesson; one report per party per lesson.

const WINDOW_MS = JOIN_WINDOW_MINUTES * 60_000

export async function reportAbsence(
  tx: Db,
  ctx: Pick<ReadContext, 'fileUrls'>,
  viewer: Viewer,
  input: AbsenceReportInput,
  now: Date,
): Promise<Lesson> {
  const lesson = await lockViewerLesson(tx, viewer, input.lesson_id)
  const otherParty = viewer.role === 'student' ? lesson.teacherId : lesson.studentId
  if (input.absentee_id !== otherParty) throw new AppError('absentee_invalid')
  if (lesson.cancelledAt) throw new AppError('lesson_cancelled')
  if (now.getTime() < lesson.startsAt.getTime() - WINDOW_MS) throw new AppError('absence_too_early')
  if (await hasAbsenceReport(tx, lesson.id, viewer.id)) throw new AppError('absence_already_reported')
  await insertAbsenceReport(tx, {
    lessonId: lesson.id,
    reporterId: viewer.id,
    absenteeId: input.absentee_id,
    note: input.note,
    // The report keeps whether the absentee had entered the room by then.
    absenteeJoined: await everJoinedRoom(tx, lesson.id, input.absentee_id),
    createdAt: now,
  })
  return readLesson(tx, ctx, viewer, lesson.id, now)
}
