import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { timeSlots, users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { waitlistEntries, waitlistNotices } from '../../db/schema-notifications.ts'

// The only code of the waitlist that touches Drizzle.

/** The most entries one freed slot is offered to (a popular teacher's line). */
const MAX_WAITING = 1000

export type EntryRow = typeof waitlistEntries.$inferSelect
export type EntryWindow = Pick<EntryRow, 'weekdays' | 'fromMinute' | 'toMinute'>

const teacherColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  imageKey: users.imageKey,
}
export type EntryWithTeacher = EntryRow & {
  teacher: { id: string; firstName: string | null; lastName: string | null; imageKey: string | null }
}

/** The student's waitlists, the oldest first. */
export async function entriesOf(db: Db, studentId: string): Promise<EntryWithTeacher[]> {
  const rows = await db
    .select({ entry: waitlistEntries, teacher: teacherColumns })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.teacherId))
    .where(eq(waitlistEntries.studentId, studentId))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
  return rows.map((row) => ({ ...row.entry, teacher: row.teacher }))
}

export async function countEntries(db: Db, studentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.studentId, studentId))
  return row?.n ?? 0
}

/**
 * Adds the student's entry for the teacher, or changes its days and hours: a changed entry keeps
 * its place in the line (`created_at`).
 */
export async function upsertEntry(
  db: Db,
  values: { studentId: string; teacherId: string; now: Date } & EntryWindow,
): Promise<EntryRow> {
  const window = { weekdays: values.weekdays, fromMinute: values.fromMinute, toMinute: values.toMinute }
  const [row] = await db
    .insert(waitlistEntries)
    .values({ studentId: values.studentId, teacherId: values.teacherId, createdAt: values.now, ...window })
    .onConflictDoUpdate({ target: [waitlistEntries.studentId, waitlistEntries.teacherId], set: window })
    .returning()
  if (!row) throw new Error('the waitlist entry was not written')
  return row
}

export async function entryOfStudent(
  db: Db,
  studentId: string,
  teacherId: string,
): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.studentId, studentId), eq(waitlistEntries.teacherId, teacherId)))
  return row
}

/** Deletes the student's entry; whether there was one. */
export async function deleteEntry(db: Db, studentId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.studentId, studentId)))
    .returning({ id: waitlistEntries.id })
  return rows.length > 0
}

/** The teacher's waitlist in the order the students asked. */
export async function entriesForTeacher(db: Db, teacherId: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.teacherId, teacherId))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
}

/** Who waits for the teacher now (ids and students), at most `MAX_WAITING`, the first first. */
export async function waitingFor(db: Db, teacherId: string): Promise<{ id: string; studentId: string }[]> {
  return db
    .select({ id: waitlistEntries.id, studentId: waitlistEntries.studentId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.teacherId, teacherId))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(MAX_WAITING)
}

/** Of the teacher's slots starting at `startsAt`, those after `after` with no active lesson. */
export async function freeSlotsAt(
  db: Db,
  teacherId: string,
  startsAt: Date[],
  after: Date,
): Promise<{ startsAt: Date; endsAt: Date }[]> {
  if (startsAt.length === 0) return []
  return db
    .select({ startsAt: timeSlots.startsAt, endsAt: timeSlots.endsAt })
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.teacherId, teacherId),
        inArray(timeSlots.startsAt, startsAt),
        sql`${timeSlots.startsAt} > ${after}`,
        sql`not exists (select 1 from ${lessons} where ${lessons.timeSlotId} = ${timeSlots.id} and ${isNull(lessons.cancelledAt)})`,
      ),
    )
    .orderBy(asc(timeSlots.startsAt))
}

/** Records that `entryId` is told of these slots; returns the slots it had not been told of. */
export async function recordNotices(db: Db, entryId: string, jobId: string, slots: Date[]): Promise<Date[]> {
  if (slots.length === 0) return []
  const rows = await db
    .insert(waitlistNotices)
    .values(slots.map((slotStartsAt) => ({ entryId, slotStartsAt, jobId })))
    .onConflictDoNothing()
    .returning({ slotStartsAt: waitlistNotices.slotStartsAt })
  return rows.map((row) => row.slotStartsAt)
}

export type NoticeParty = {
  id: string
  email: string
  firstName: string | null
  lastName: string | null
  locale: 'pl' | 'en'
  emailNotifications: boolean
  status: string
}

export async function findParty(db: Db, userId: string): Promise<NoticeParty | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
      emailNotifications: users.emailNotificationsEnabled,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, userId))
  return row
}

export async function findEntry(db: Db, id: string): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id))
  return row
}
