import { aliasedTable, and, eq, exists, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { languages, levels, users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import {
  calendarFeeds,
  lessonBookingNotices,
  lessonNotifications,
  type NotificationKind,
  pushSubscriptions,
} from '../../db/schema-notifications.ts'
import type { MailLesson } from './lesson-mail.ts'

// The notifications' SQL (docs/decisions.md "All SQL in repositories"): the planned messages
// (planner.ts), the lesson as its e-mails and pushes tell it (lesson-mail.ts) and the calendar
// feeds (calendar-feed.ts). The devices' subscriptions are push-repository.ts.

const teacherUser = aliasedTable(users, 'teacher_user')
const studentUser = aliasedTable(users, 'student_user')

const party = (table: typeof users) => ({
  id: table.id,
  email: table.email,
  firstName: table.firstName,
  lastName: table.lastName,
  locale: table.locale,
  emailNotifications: table.emailNotificationsEnabled,
})

/** The lesson with what its e-mails and pushes say, and both parties; null when it is gone. */
export async function loadMailLesson(db: Db, lessonId: string): Promise<MailLesson | null> {
  const [row] = await db
    .select({
      id: lessons.id,
      startsAt: lessons.startsAt,
      endsAt: lessons.endsAt,
      cancelledAt: lessons.cancelledAt,
      cancelledBy: lessons.cancelledBy,
      cancellationReason: lessons.cancellationReason,
      isGroup: lessons.isGroup,
      language: { name: languages.name, namePl: languages.namePl },
      level: levels.name,
      teacher: party(teacherUser),
      student: party(studentUser),
    })
    .from(lessons)
    .innerJoin(teacherUser, eq(teacherUser.id, lessons.teacherId))
    .innerJoin(studentUser, eq(studentUser.id, lessons.studentId))
    .innerJoin(languages, eq(languages.id, lessons.languageId))
    .innerJoin(levels, eq(levels.id, lessons.levelId))
    .where(eq(lessons.id, lessonId))
  return row ?? null
}

/** Whether the user has a feed now (its address cannot be shown again). */
export async function hasFeed(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
  return row?.createdAt ?? null
}

/** Stores the hash of the user's new feed secret (replacing any old one). */
export async function saveFeedToken(db: Db, userId: string, tokenHash: string, now: Date): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now } })
}

export async function revokeFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))
}

/** The owner of the feed whose secret hashes to `tokenHash`, if any. */
export async function feedOwner(db: Db, tokenHash: string) {
  const [owner] = await db
    .select({ id: users.id, locale: users.locale })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash))
  return owner
}

/**
 * The owner's one-to-one lessons in the feed: not cancelled, ended after `endedAfter`, soonest
 * first (a group place is in the feed as its meeting: meeting-repository.ts).
 */
export async function feedLessons(db: Db, ownerId: string, endedAfter: Date, limit: number) {
  const rows = await db
    .select({
      id: lessons.id,
      startsAt: lessons.startsAt,
      endsAt: lessons.endsAt,
      teacherId: lessons.teacherId,
      language: languages.name,
      languagePl: languages.namePl,
      level: levels.name,
      teacher: { firstName: teacherUser.firstName, lastName: teacherUser.lastName, email: teacherUser.email },
      student: { firstName: studentUser.firstName, lastName: studentUser.lastName, email: studentUser.email },
    })
    .from(lessons)
    .innerJoin(teacherUser, eq(teacherUser.id, lessons.teacherId))
    .innerJoin(studentUser, eq(studentUser.id, lessons.studentId))
    .innerJoin(languages, eq(languages.id, lessons.languageId))
    .innerJoin(levels, eq(levels.id, lessons.levelId))
    .where(
      and(
        or(eq(lessons.teacherId, ownerId), eq(lessons.studentId, ownerId)),
        isNull(lessons.cancelledAt),
        eq(lessons.isGroup, false),
        gt(lessons.endsAt, endedAfter),
      ),
    )
    .orderBy(lessons.startsAt)
    .limit(limit)
  return rows
}

/** Stores planned messages, each once (one already planned is left as it is); those stored now. */
export async function insertNotifications(tx: Db, rows: (typeof lessonNotifications.$inferInsert)[]) {
  return tx.insert(lessonNotifications).values(rows).onConflictDoNothing().returning({
    lessonId: lessonNotifications.lessonId,
    kind: lessonNotifications.kind,
    recipient: lessonNotifications.recipient,
    jobId: lessonNotifications.jobId,
  })
}

/**
 * Of `lessonIds`, the booked one-to-one lessons that start after `now`, with whether each party
 * has a device to push to.
 */
export async function lessonsToPlan(db: Db, lessonIds: string[], now: Date) {
  // A push is planned only to a party with a device to push to (most have none); the sweep plans
  // the 10-minute push of one who subscribes later.
  const hasDevice = (userId: typeof lessons.teacherId | typeof lessons.studentId) =>
    exists(db.select({ one: sql`1` }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))
  const rows = await db
    .select({
      id: lessons.id,
      startsAt: lessons.startsAt,
      teacherDevice: hasDevice(lessons.teacherId),
      studentDevice: hasDevice(lessons.studentId),
    })
    .from(lessons)
    .where(
      and(
        inArray(lessons.id, lessonIds),
        isNull(lessons.cancelledAt),
        eq(lessons.isGroup, false),
        gt(lessons.startsAt, now),
      ),
    )
  return rows
}

/** The messages planned for the lesson, with their jobs. */
export async function plannedNotifications(tx: Db, lessonId: string) {
  return tx
    .select({ kind: lessonNotifications.kind, jobId: lessonNotifications.jobId })
    .from(lessonNotifications)
    .where(eq(lessonNotifications.lessonId, lessonId))
}

const unplanned = (db: Db, kind: NotificationKind) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(lessonNotifications)
      .where(and(eq(lessonNotifications.lessonId, lessons.id), eq(lessonNotifications.kind, kind))),
  )
const active = (now: Date) =>
  and(isNull(lessons.cancelledAt), eq(lessons.isGroup, false), gt(lessons.startsAt, now))

/** The lessons whose booking e-mails and push are owed: booked, and not planned yet. */
export async function owedBookingNotices(db: Db) {
  return db.select({ id: lessonBookingNotices.lessonId }).from(lessonBookingNotices)
}

/** Planned (or no longer owed: cancelled, past): written in the transaction that plans them. */
export async function settleBookingNotices(tx: Db, lessonIds: string[]) {
  await tx.delete(lessonBookingNotices).where(inArray(lessonBookingNotices.lessonId, lessonIds))
}

/** Booked lessons starting by `latestStart` with a reminder or the 10-minute push not planned. */
export async function unplannedTimed(db: Db, now: Date, latestStart: Date) {
  return db
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      and(
        active(now),
        lte(lessons.startsAt, latestStart),
        or(unplanned(db, 'first_reminder'), unplanned(db, 'second_reminder'), unplanned(db, 'push_soon')),
      ),
    )
}
