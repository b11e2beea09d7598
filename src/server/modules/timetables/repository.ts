import { and, asc, eq, exists, gte, inArray, isNull, lt, notExists, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { availabilityRules, timeSlots, users } from '../../db/schema.ts'
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
 * `keep` and that hold no active lesson (a booked lesson is never lost; a cancelled lesson's
 * reference is set to null, ON DELETE SET NULL).
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

/** These teachers' stored rules (the start-up top-up's batch). */
export async function findRulesOf(db: Db, teacherIds: string[]): Promise<StoredRules[]> {
  if (teacherIds.length === 0) return []
  return db.select().from(availabilityRules).where(inArray(availabilityRules.teacherId, teacherIds))
}

/** These teachers' slots starting in [from, to), by teacher, in time order: starts and ends only. */
export async function findSlotsOf(
  db: Db,
  teacherIds: string[],
  from: Date,
  to: Date,
): Promise<Map<string, NewSlot[]>> {
  const byTeacher = new Map<string, NewSlot[]>()
  if (teacherIds.length === 0) return byTeacher
  const rows = await db
    .select({ teacherId: timeSlots.teacherId, startsAt: timeSlots.startsAt, endsAt: timeSlots.endsAt })
    .from(timeSlots)
    .where(
      and(
        inArray(timeSlots.teacherId, teacherIds),
        gte(timeSlots.startsAt, from),
        lt(timeSlots.startsAt, to),
      ),
    )
    .orderBy(asc(timeSlots.teacherId), asc(timeSlots.startsAt))
  for (const { teacherId, ...slot } of rows) {
    const list = byTeacher.get(teacherId)
    if (list) list.push(slot)
    else byTeacher.set(teacherId, [slot])
  }
  return byTeacher
}

/** Every active teacher with stored rules, and whether their slots are known complete from `from`. */
export async function activeTeachersWithRules(
  db: Db,
  from: string,
): Promise<{ id: string; complete: boolean }[]> {
  return db
    .select({
      id: availabilityRules.teacherId,
      complete: sql<boolean>`${availabilityRules.slotsCompleteFrom} is not distinct from ${from}::date`,
    })
    .from(availabilityRules)
    .innerJoin(users, eq(users.id, availabilityRules.teacherId))
    .where(and(eq(users.role, 'teacher'), eq(users.status, 'active')))
}

/** Records that these teachers' slots are complete for the range starting `from` (a Poland date). */
export async function markSlotsComplete(db: Db, teacherIds: string[], from: string): Promise<void> {
  if (teacherIds.length === 0) return
  await db
    .update(availabilityRules)
    .set({ slotsCompleteFrom: from })
    .where(
      and(
        inArray(availabilityRules.teacherId, teacherIds),
        sql`${availabilityRules.slotsCompleteFrom} is distinct from ${from}::date`,
      ),
    )
}
