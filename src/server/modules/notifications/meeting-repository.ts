import {
  aliasedTable,
  and,
  asc,
  count,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  min,
  or,
  sql,
} from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { languages, levels, users } from '../../db/schema.ts'
import { groupClasses, groupClassMembers, groupMeetings } from '../../db/schema-group-classes.ts'
import { lessons } from '../../db/schema-lessons.ts'
import {
  groupMeetingNotices,
  groupMeetingNotifications,
  pushSubscriptions,
} from '../../db/schema-notifications.ts'

// The SQL of a group class's messages (docs/decisions.md "All SQL in repositories"): the owed rows
// the triggers of migration 0029 write, the timed messages planned, and a meeting as its e-mails,
// pushes and calendar feed tell it.

const teacherUser = aliasedTable(users, 'teacher_user')

const hasDevice = (db: Db, userId: PgColumn) =>
  exists(db.select({ one: sql`1` }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))

/** Whether the user has SMS on and a number to send them to (modules/sms checks the number). */
const wantsSms = (db: Db, userId: PgColumn) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(users)
      .where(
        and(eq(users.id, userId), eq(users.smsNotificationsEnabled, true), isNotNull(users.phoneNumber)),
      ),
  )

/**
 * Up to `limit` owed messages, oldest first, locked for this planning (another process's planning
 * skips them), with the meeting's start (null: gone), its class's title, and whether the
 * recipient has a device and SMS on.
 */
export async function takeOwedMeetingNotices(tx: Db, limit: number) {
  return tx
    .select({
      id: groupMeetingNotices.id,
      classId: groupMeetingNotices.classId,
      meetingId: groupMeetingNotices.meetingId,
      userId: groupMeetingNotices.userId,
      kind: groupMeetingNotices.kind,
      sequence: groupMeetingNotices.sequence,
      startsAt: groupMeetings.startsAt,
      previousStartsAt: groupMeetingNotices.previousStartsAt,
      title: groupClasses.title,
      device: hasDevice(tx, groupMeetingNotices.userId),
      texted: wantsSms(tx, groupMeetingNotices.userId),
    })
    .from(groupMeetingNotices)
    .leftJoin(groupMeetings, eq(groupMeetings.id, groupMeetingNotices.meetingId))
    .leftJoin(groupClasses, eq(groupClasses.id, groupMeetingNotices.classId))
    .orderBy(asc(groupMeetingNotices.createdAt))
    .limit(limit)
    .for('update', { of: groupMeetingNotices, skipLocked: true })
}

/** Planned (or no longer owed): in the transaction that plans them. */
export async function settleMeetingNotices(tx: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(groupMeetingNotices).where(inArray(groupMeetingNotices.id, ids))
}

/** Whether any message is owed (a read that takes no lock). */
export async function anyOwedMeetingNotice(db: Db): Promise<boolean> {
  const rows = await db.select({ id: groupMeetingNotices.id }).from(groupMeetingNotices).limit(1)
  return rows.length > 0
}

/**
 * The participants of the active meetings starting in (now, latestStart]: the teacher and each
 * student with an active place who has not said they will not come, with the meeting's version and
 * whether they have a device.
 */
export async function meetingParticipantsStarting(db: Db, now: Date, latestStart: Date) {
  const soon = and(
    isNull(groupMeetings.cancelledAt),
    gt(groupMeetings.startsAt, now),
    lte(groupMeetings.startsAt, latestStart),
  )
  const meeting = {
    meetingId: groupMeetings.id,
    classId: groupMeetings.classId,
    startsAt: groupMeetings.startsAt,
    sequence: groupMeetings.sequence,
  }
  const teachers = await db
    .select({ ...meeting, userId: groupMeetings.teacherId, device: hasDevice(db, groupMeetings.teacherId) })
    .from(groupMeetings)
    .where(soon)
  const students = await db
    .select({ ...meeting, userId: lessons.studentId, device: hasDevice(db, lessons.studentId) })
    .from(lessons)
    .innerJoin(groupMeetings, eq(groupMeetings.id, lessons.groupMeetingId))
    .where(and(soon, isNull(lessons.cancelledAt), isNull(lessons.groupAbsentAt)))
  return [...teachers, ...students]
}

/** Stores planned timed messages, each once; those stored now. */
export async function insertMeetingNotifications(
  tx: Db,
  rows: (typeof groupMeetingNotifications.$inferInsert)[],
) {
  if (rows.length === 0) return []
  return tx.insert(groupMeetingNotifications).values(rows).onConflictDoNothing().returning({
    meetingId: groupMeetingNotifications.meetingId,
    userId: groupMeetingNotifications.userId,
    kind: groupMeetingNotifications.kind,
    sequence: groupMeetingNotifications.sequence,
    jobId: groupMeetingNotifications.jobId,
  })
}

const person = (table: typeof users) => ({
  id: table.id,
  email: table.email,
  firstName: table.firstName,
  lastName: table.lastName,
  locale: table.locale,
  emailNotifications: table.emailNotificationsEnabled,
})

/** The class as its messages tell it, with its teacher; undefined when it is gone. */
export async function loadMessageClass(db: Db, classId: string) {
  const [row] = await db
    .select({
      id: groupClasses.id,
      title: groupClasses.title,
      cancelledAt: groupClasses.cancelledAt,
      language: { name: languages.name, namePl: languages.namePl },
      level: levels.name,
      teacher: person(teacherUser),
    })
    .from(groupClasses)
    .innerJoin(teacherUser, eq(teacherUser.id, groupClasses.teacherId))
    .innerJoin(languages, eq(languages.id, groupClasses.languageId))
    .innerJoin(levels, eq(levels.id, groupClasses.levelId))
    .where(eq(groupClasses.id, classId))
  return row
}

export async function loadMessageRecipient(db: Db, userId: string) {
  const [row] = await db.select(person(users)).from(users).where(eq(users.id, userId))
  return row
}

export async function loadMessageMeeting(db: Db, meetingId: string) {
  const [row] = await db
    .select({
      id: groupMeetings.id,
      startsAt: groupMeetings.startsAt,
      endsAt: groupMeetings.endsAt,
      cancelledAt: groupMeetings.cancelledAt,
      sequence: groupMeetings.sequence,
    })
    .from(groupMeetings)
    .where(eq(groupMeetings.id, meetingId))
  return row
}

/**
 * The student's active place in the meeting now (none: not in it), and whether they said they
 * will not come.
 */
export async function activePlace(
  db: Db,
  meetingId: string,
  studentId: string,
): Promise<{ absent: boolean } | undefined> {
  const [row] = await db
    .select({ absent: sql<boolean>`${lessons.groupAbsentAt} is not null` })
    .from(lessons)
    .where(
      and(
        eq(lessons.groupMeetingId, meetingId),
        eq(lessons.studentId, studentId),
        isNull(lessons.cancelledAt),
      ),
    )
  return row
}

/** Whether the student is enrolled in the class now (not waiting, not taken out). */
export async function isEnrolled(db: Db, classId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: groupClassMembers.status })
    .from(groupClassMembers)
    .where(and(eq(groupClassMembers.classId, classId), eq(groupClassMembers.studentId, studentId)))
  return row?.status === 'enrolled'
}

/** The class's active meetings still to come: how many, and the first's start. */
export async function comingMeetingsOf(db: Db, classId: string, now: Date) {
  const [row] = await db
    .select({ count: count(), first: min(groupMeetings.startsAt) })
    .from(groupMeetings)
    .where(
      and(
        eq(groupMeetings.classId, classId),
        isNull(groupMeetings.cancelledAt),
        gt(groupMeetings.startsAt, now),
      ),
    )
  return { count: row?.count ?? 0, first: row?.first ?? null }
}

/**
 * The owner's group meetings for the calendar feed: not cancelled, ended after `endedAfter`; a
 * teacher's own, a student's where they hold an active place.
 */
export async function feedMeetings(db: Db, ownerId: string, endedAfter: Date, limit: number) {
  const place = db
    .select({ one: sql`1` })
    .from(lessons)
    .where(
      and(
        eq(lessons.groupMeetingId, groupMeetings.id),
        eq(lessons.studentId, ownerId),
        isNull(lessons.cancelledAt),
      ),
    )
  return db
    .select({
      id: groupMeetings.id,
      startsAt: groupMeetings.startsAt,
      endsAt: groupMeetings.endsAt,
      title: groupClasses.title,
      language: languages.name,
      languagePl: languages.namePl,
      level: levels.name,
    })
    .from(groupMeetings)
    .innerJoin(groupClasses, eq(groupClasses.id, groupMeetings.classId))
    .innerJoin(languages, eq(languages.id, groupClasses.languageId))
    .innerJoin(levels, eq(levels.id, groupClasses.levelId))
    .where(
      and(
        isNull(groupMeetings.cancelledAt),
        gt(groupMeetings.endsAt, endedAfter),
        or(eq(groupMeetings.teacherId, ownerId), exists(place)),
      ),
    )
    .orderBy(asc(groupMeetings.startsAt))
    .limit(limit)
}
