import { and, asc, eq, exists, gte, inArray, isNull, lt, notExists, notInArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { availabilityRules, timeSlots } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'

export type StoredRules = typeof availabilityRules.$inferSelect
export type SlotRow = typeof timeSlots.$inferSelect
export type NewSlot = { startsAt: Date; endsAt: Date }

export async function findRules(db: Db, teacherId: string): Promise<StoredRules | undefined> {
  const [row] = await db.select().from(availabilityRules).where(eq(availabilityRules.teacherId, teacherId))
  return row
}

export async function saveRules(
  db: Db,
  values: Pick<StoredRules, 'teacherId' | 'weekly' | 'dates'>,
  now: Date,
): Promise<void> {
  const changes = { weekly: values.weekly, dates: values.dates, updatedAt: now }
  await db
    .insert(availabilityRules)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: availabilityRules.teacherId, set: changes })
}

/** The teacher's slots starting in [from, to), in time order. */
export async function findSlots(db: Db, teacherId: string, from: Date, to: Date): Promise<SlotRow[]> {
  return db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.teacherId, teacherId), gte(timeSlots.startsAt, from), lt(timeSlots.startsAt, to)))
    .orderBy(asc(timeSlots.startsAt))
}

/** The slot's active (not cancelled) lesson: a slot holding one is never deleted or moved. */
const activeLessonOf = (db: Db) =>
  db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.timeSlotId, timeSlots.id), isNull(lessons.cancelledAt)))

/** The teacher's future slots starting at or after `now`, whose start is not in `keep`. */
const futureSlotsOutside = (teacherId: string, now: Date, keep: Date[]) => {
  const conditions = [eq(timeSlots.teacherId, teacherId), gte(timeSlots.startsAt, now)]
  if (keep.length > 0) conditions.push(notInArray(timeSlots.startsAt, keep))
  return conditions
}

/**
 * Slots that may be deleted: the teacher's slots starting at or after `now` whose start is not in
 * `keep` and that hold no active lesson (issue #4 item 1: a booked lesson is never lost; a
 * cancelled lesson's reference is set to null, ON DELETE SET NULL).
 */
export async function deletableSlotIds(
  db: Db,
  teacherId: string,
  now: Date,
  keep: Date[],
): Promise<string[]> {
  const rows = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(...futureSlotsOutside(teacherId, now, keep), notExists(activeLessonOf(db))))
  return rows.map((row) => row.id)
}

/**
 * Booked slots the rules no longer ask for (starting at or after `now`, start not in `keep`):
 * they stay with their lessons, and the teacher is told (timetableUpdateResponse).
 */
export async function keptBookedSlots(
  db: Db,
  teacherId: string,
  now: Date,
  keep: Date[],
): Promise<SlotRow[]> {
  return db
    .select()
    .from(timeSlots)
    .where(and(...futureSlotsOutside(teacherId, now, keep), exists(activeLessonOf(db))))
    .orderBy(asc(timeSlots.startsAt))
}

/** Deletes the slots; the NOT EXISTS repeats the guard in the statement itself. */
export async function deleteSlots(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db.delete(timeSlots).where(and(inArray(timeSlots.id, ids), notExists(activeLessonOf(db))))
}

/**
 * Inserts slots; one already there (same teacher and start) is left alone. The exclusion
 * constraint `time_slots_no_overlap` stays the final guard against overlaps.
 */
export async function insertSlots(db: Db, teacherId: string, slots: NewSlot[]): Promise<void> {
  if (slots.length === 0) return
  await db
    .insert(timeSlots)
    .values(slots.map((slot) => ({ teacherId, ...slot })))
    .onConflictDoNothing({ target: [timeSlots.teacherId, timeSlots.startsAt] })
}
