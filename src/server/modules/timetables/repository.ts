import { and, asc, eq, gte, inArray, lt, notInArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { availabilityRules, timeSlots } from '../../db/schema.ts'

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

/**
 * Slots that may be deleted: the teacher's slots starting at or after `now` whose start is not in
 * `keep`. No lesson can hold a slot yet (lessons arrive with booking, issue #4 part 2); booking
 * must add `AND NOT EXISTS (SELECT 1 FROM lessons WHERE lessons.time_slot_id = time_slots.id AND
 * <active>)` here, so a slot that holds a lesson is never deleted or moved.
 */
export async function deletableSlotIds(
  db: Db,
  teacherId: string,
  now: Date,
  keep: Date[],
): Promise<string[]> {
  const conditions = [eq(timeSlots.teacherId, teacherId), gte(timeSlots.startsAt, now)]
  if (keep.length > 0) conditions.push(notInArray(timeSlots.startsAt, keep))
  const rows = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(...conditions))
  return rows.map((row) => row.id)
}

export async function deleteSlots(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(timeSlots).where(inArray(timeSlots.id, ids))
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
