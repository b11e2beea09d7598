import { and, asc, eq, exists, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { groupClasses, groupMeetings } from '../../db/schema-group-classes.ts'
import { absenceReports, lessons } from '../../db/schema-lessons.ts'
import { roomConnections } from '../../db/schema-room.ts'

// SQL of the group tab of my-lessons: a student's word on one meeting and the teacher's roster.

/** A student's place said "not coming" (an instant) or "coming" again (null). */
export async function setGroupAbsence(tx: Db, lessonId: string, absentAt: Date | null): Promise<void> {
  await tx.update(lessons).set({ groupAbsentAt: absentAt }).where(eq(lessons.id, lessonId))
}

/** The meeting and class of one of the teacher's group lessons, or undefined if not theirs. */
export async function findTeacherMeeting(db: Db, teacherId: string, lessonId: string) {
  const [row] = await db
    .select({ meetingId: groupMeetings.id, classId: groupClasses.id, title: groupClasses.title })
    .from(lessons)
    .innerJoin(groupMeetings, eq(groupMeetings.id, lessons.groupMeetingId))
    .innerJoin(groupClasses, eq(groupClasses.id, groupMeetings.classId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.teacherId, teacherId), isNotNull(lessons.groupMeetingId)))
  return row
}

/**
 * Every place of the meeting with its student, their word, whether their socket entered the room
 * (room_connections of the place) and the teacher's absence report on them; by name.
 */
export async function meetingRoster(db: Db, meetingId: string, teacherId: string) {
  const attended = exists(
    db
      .select({ one: sql`1` })
      .from(roomConnections)
      .where(and(eq(roomConnections.lessonId, lessons.id), eq(roomConnections.userId, lessons.studentId))),
  )
  return db
    .select({
      lessonId: lessons.id,
      studentId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      absentAt: lessons.groupAbsentAt,
      attended: sql<boolean>`${attended}`,
      reportNote: absenceReports.note,
      reportedAt: absenceReports.createdAt,
    })
    .from(lessons)
    .innerJoin(users, eq(users.id, lessons.studentId))
    .leftJoin(
      absenceReports,
      and(eq(absenceReports.lessonId, lessons.id), eq(absenceReports.reporterId, teacherId)),
    )
    .where(eq(lessons.groupMeetingId, meetingId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(lessons.id))
}
