import type { GroupAbsenceInput, GroupRoster } from '../../../domain/api/group-lessons.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { lockViewerLesson, type ReadContext, readLesson } from '../lessons/public.ts'
import { findTeacherMeeting, meetingRoster, setGroupAbsence } from './tab-repository.ts'

// The group tab of my-lessons (docs/decisions.md "The group tab"): a student says they will not
// come to one meeting (or takes it back before it starts) — no penalty, the meeting stays; the
// teacher reads the roster of a meeting. A lesson that is not the viewer's is 404.

/** POST /lessons/group_absence: on the student's own place of a meeting still to start. */
export async function sayGroupAbsence(
  tx: Db,
  ctx: Pick<ReadContext, 'fileUrls'>,
  viewer: Viewer,
  input: GroupAbsenceInput,
  now: Date,
): Promise<Lesson> {
  const lesson = await lockViewerLesson(tx, viewer, input.lesson_id)
  if (viewer.role !== 'student' || !lesson.groupMeetingId) throw new AppError('forbidden')
  if (lesson.cancelledAt) throw new AppError('lesson_cancelled')
  if (lesson.startsAt <= now) throw new AppError('lesson_started')
  // Saying it twice keeps the first instant: the teacher sees when they were told.
  const absentAt = input.absent ? (lesson.groupAbsentAt ?? now) : null
  await setGroupAbsence(tx, lesson.id, absentAt)
  return readLesson(tx, ctx, viewer, lesson.id, now)
}

/** GET /lessons/group_roster: only the meeting's teacher; anyone else finds nothing (404). */
export async function groupRoster(db: Db, viewer: Viewer, lessonId: string): Promise<GroupRoster> {
  const meeting = viewer.role === 'teacher' ? await findTeacherMeeting(db, viewer.id, lessonId) : undefined
  if (!meeting) throw new AppError('not_found')
  const rows = await meetingRoster(db, meeting.meetingId, viewer.id)
  return {
    class_id: meeting.classId,
    title: meeting.title,
    students: rows.map((row) => ({
      lesson_id: row.lessonId,
      student: { id: row.studentId, first_name: row.firstName, last_name: row.lastName },
      absent_at: row.absentAt?.toISOString() ?? null,
      attended: row.attended,
      absence_report:
        row.reportNote === null || row.reportedAt === null
          ? null
          : { note: row.reportNote, created_at: row.reportedAt.toISOString() },
    })),
  }
}
