import { and, count, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { groupMeetings } from '../../db/schema-group-classes.ts'
import { absenceReports, lessonFiles, lessons, teacherPenalties } from '../../db/schema-lessons.ts'
import { roomConnections } from '../../db/schema-room.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { ofViewer } from './lesson-views-repository.ts'
import type { LessonRow } from './repository.ts'

// SQL of the writes on a booked lesson: each runs in the caller's transaction after
// `lockViewerLesson`, so two writes on one lesson queue up instead of racing.

/**
 * The viewer's lesson, locked until the transaction ends. Someone else's lesson (or none) is 404:
 * the answer never tells whether the id exists.
 */
export async function lockViewerLesson(tx: Db, viewer: Viewer, lessonId: string): Promise<LessonRow> {
  const [row] = await tx
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), ofViewer(viewer)))
    .for('update')
  if (!row) throw new AppError('not_found')
  return row
}

export type LessonChanges = Partial<
  Pick<
    LessonRow,
    'note' | 'teacherMemos' | 'studentMemos' | 'cancelledAt' | 'cancelledBy' | 'cancellationReason'
  >
>

export async function updateLesson(tx: Db, lessonId: string, changes: LessonChanges): Promise<void> {
  await tx.update(lessons).set(changes).where(eq(lessons.id, lessonId))
}

/** A group meeting's teacher memo, the one every place of the meeting shows. */
export async function updateMeetingMemo(tx: Db, meetingId: string, memo: string | null): Promise<void> {
  await tx.update(groupMeetings).set({ teacherMemo: memo }).where(eq(groupMeetings.id, meetingId))
}

/**
 * product-rules.md "Teacher penalties": a teacher's late cancellation is recorded for the financial
 * penalty.
 */
export async function insertLateCancellationPenalty(tx: Db, lesson: LessonRow, now: Date): Promise<void> {
  await tx
    .insert(teacherPenalties)
    .values({ teacherId: lesson.teacherId, lessonId: lesson.id, reason: 'late_cancellation', createdAt: now })
}

export type LessonFileRow = typeof lessonFiles.$inferSelect

export async function countLessonFiles(tx: Db, lessonId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(lessonFiles).where(eq(lessonFiles.lessonId, lessonId))
  return row?.n ?? 0
}

export async function insertLessonFile(
  tx: Db,
  values: Omit<typeof lessonFiles.$inferInsert, 'id'>,
): Promise<void> {
  await tx.insert(lessonFiles).values(values)
}

/** The places (lesson ids) of a group meeting: every enrolled student's lesson row. */
export async function meetingPlaceIds(tx: Db, meetingId: string): Promise<string[]> {
  const rows = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.groupMeetingId, meetingId))
  return rows.map((row) => row.id)
}

/** A shared material's copies on every place of the meeting (the same stored bytes). */
export async function deleteMeetingFileCopies(tx: Db, meetingId: string, storageKey: string): Promise<void> {
  const places = tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.groupMeetingId, meetingId))
  await tx
    .delete(lessonFiles)
    .where(and(eq(lessonFiles.storageKey, storageKey), inArray(lessonFiles.lessonId, places)))
}

/** A file of the lesson (the lesson's own access is checked by the caller). */
export async function findLessonFile(db: Db, lessonId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(lessonFiles)
    .where(and(eq(lessonFiles.id, fileId), eq(lessonFiles.lessonId, lessonId)))
  return row
}

/** The viewer's lesson's file, for a download; undefined when either is not theirs. */
export async function findViewerLessonFile(
  db: Db,
  viewer: Viewer,
  lessonId: string,
  fileId: string,
): Promise<LessonFileRow | undefined> {
  const [row] = await db
    .select({ file: lessonFiles })
    .from(lessonFiles)
    .innerJoin(lessons, eq(lessons.id, lessonFiles.lessonId))
    .where(and(eq(lessonFiles.id, fileId), eq(lessons.id, lessonId), ofViewer(viewer)))
  return row?.file
}

export async function deleteLessonFile(tx: Db, fileId: string): Promise<void> {
  await tx.delete(lessonFiles).where(eq(lessonFiles.id, fileId))
}

/**
 * Absence report (product-rules.md "Absence reports"), once per reporter and lesson: the primary
 * key (lesson_id, reporter_id) refuses a second one even from a concurrent request.
 */
export async function insertAbsenceReport(
  tx: Db,
  values: {
    lessonId: string
    reporterId: string
    absenteeId: string
    note: string
    absenteeJoined: boolean
    createdAt: Date
  },
): Promise<void> {
  try {
    await tx.insert(absenceReports).values(values)
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('absence_already_reported')
    throw error
  }
}

export async function hasAbsenceReport(tx: Db, lessonId: string, reporterId: string): Promise<boolean> {
  const [row] = await tx
    .select({ lessonId: absenceReports.lessonId })
    .from(absenceReports)
    .where(and(eq(absenceReports.lessonId, lessonId), eq(absenceReports.reporterId, reporterId)))
  return row !== undefined
}

/** Whether `userId`'s socket ever entered the lesson's room (protocol §4). */
export async function everJoinedRoom(tx: Db, lessonId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: roomConnections.id })
    .from(roomConnections)
    .where(and(eq(roomConnections.lessonId, lessonId), eq(roomConnections.userId, userId)))
    .limit(1)
  return row !== undefined
}
