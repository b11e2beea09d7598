import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { lessonArchives as t } from '../../db/schema-recordings.ts'
import type { ArchiveRow } from './repository.ts'

// A group meeting's recordings: whose place a lesson row is, who agreed to be recorded, and the
// meeting's archives as each party may see them (docs/decisions.md "Recording a group meeting").

/** The group meeting a lesson row is a place of, or null for a one-to-one lesson. */
export async function meetingOfPlace(db: Db, lessonId: string): Promise<string | null> {
  const [row] = await db
    .select({ meetingId: lessons.groupMeetingId })
    .from(lessons)
    .where(eq(lessons.id, lessonId))
  return row?.meetingId ?? null
}

/** The meeting's enrolled students (places not cancelled) who agreed to voice recording. */
export async function agreedStudentsOfMeeting(db: Db, meetingId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(lessons)
    .innerJoin(users, eq(users.id, lessons.studentId))
    .where(
      and(
        eq(lessons.groupMeetingId, meetingId),
        isNull(lessons.cancelledAt),
        eq(users.voiceRecordingAgreed, true),
      ),
    )
    .orderBy(asc(users.id))
  return rows.map((row) => row.id)
}

/**
 * A group meeting's recordings (on whichever of its places the teacher recorded), newest first:
 * all of them for the teacher; for a student those they were recorded in, and the one being made
 * (so that the room tells one who is left out of it).
 */
export async function meetingArchiveRows(
  db: Db,
  meetingId: string,
  student: string | null,
): Promise<ArchiveRow[]> {
  const places = db.select({ id: lessons.id }).from(lessons).where(eq(lessons.groupMeetingId, meetingId))
  return db
    .select()
    .from(t)
    .where(
      and(
        inArray(t.lessonId, places),
        student === null
          ? undefined
          : or(sql`${student}::uuid = ANY(${t.recordedUserIds})`, eq(t.status, 'recording')),
      ),
    )
    .orderBy(desc(t.startedAt), desc(t.id))
}
