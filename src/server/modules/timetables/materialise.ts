import { scheduleRange } from '../../../domain/schedule/slot-rules.ts'
import type { GeneratedSlot } from '../../../domain/schedule/slots.ts'
import type { Db } from '../../db/client.ts'
import type { CommittedChanges } from '../../platform/change-road.ts'
import { lockUser } from '../users/public.ts'
import { type DateRange, desiredSlots, missingSlots, type Rules, rangeInstants } from './plan.ts'
import {
  activeTeachersWithRules,
  deletableSlotIds,
  deleteSlots,
  findRules,
  findRulesOf,
  findSlots,
  findSlotsOf,
  insertSlots,
  keptBookedSlots,
  markSlotsComplete,
  type SlotRow,
} from './repository.ts'

// Materialises a teacher's rules as 45-minute slots for the schedule range (product-rules.md
// "Constants and limits": the current and next week, Poland time).

/**
 * The teacher's full schedule range: current and next week (product-rules.md "Constants and
 * limits").
 */
export function teacherRange(now: Date): DateRange {
  const range = scheduleRange(now, null)
  if (!range) throw new Error('the schedule range without active_until is never empty')
  return range
}

const toRules = (stored: { weekly: Rules['weekly']; dates: Rules['dates'] }): Rules => ({
  weekly: stored.weekly,
  dates: stored.dates,
})

/**
 * Inside the caller's transaction (`tx` only), which holds the teacher's row lock (`lockUser`) so
 * writers of one teacher's slots — and bookings, which take the same lock — queue up: with `prune`
 * deletes the future slots the rules no longer ask for (never past ones, never booked ones —
 * `deletableSlotIds`), then inserts the missing ones (past ones of the range too: they show as
 * missed, product-rules.md "Slot states"). Returns the booked future slots the rules no longer ask
 * for (kept), and the slots it added (the waitlist hears of those).
 */
export async function syncSlots(
  tx: Db,
  teacherId: string,
  rules: Rules,
  options: { now: Date; range: DateRange; prune: boolean },
): Promise<{ kept: SlotRow[]; added: GeneratedSlot[] }> {
  const wanted = desiredSlots(rules, options.range)
  let kept: SlotRow[] = []
  if (options.prune) {
    const keep = wanted.filter((slot) => slot.startsAt >= options.now).map((slot) => slot.startsAt)
    await deleteSlots(tx, await deletableSlotIds(tx, teacherId, options.now, keep))
    kept = await keptBookedSlots(tx, teacherId, options.now, keep)
  }
  const { start, end } = rangeInstants(options.range)
  const existing = await findSlots(tx, teacherId, start, end)
  const added = missingSlots(wanted, existing)
  await insertSlots(tx, teacherId, added)
  await markSlotsComplete(tx, [teacherId], options.range.from)
  return { kept, added }
}

/**
 * Inside the caller's transaction, which holds the teacher's row lock: the slots the stored rules
 * ask for and the range lacks, made again (the time of a cancelled group meeting given back).
 */
export async function refillSlots(tx: Db, teacherId: string, now: Date): Promise<void> {
  const current = await findRules(tx, teacherId)
  if (current)
    await syncSlots(tx, teacherId, toRules(current), { now, range: teacherRange(now), prune: false })
}

/**
 * Teachers whose slots are known to be complete for a range (teacher id → range start), per
 * database. Completeness only grows within a range: an update prunes and refills the whole range
 * in one transaction, so once true it stays true until the week rolls over. The database keeps
 * the same fact (`availability_rules.slots_complete_from`), so a restart need not check again.
 */
const completeRanges = new WeakMap<Db, Map<string, string>>()

function knownComplete(db: Db): Map<string, string> {
  let known = completeRanges.get(db)
  if (!known) {
    known = new Map()
    completeRanges.set(db, known)
  }
  return known
}

/** The teacher's slots are known complete for this week's range: no top-up needed. */
export function slotsKnownComplete(db: Db, teacherId: string, now: Date): boolean {
  return completeRanges.get(db)?.get(teacherId) === teacherRange(now).from
}

/** Who tops up: the database, and where the new slots are published once committed. */
type TopUpContext = { db: Db; changes: CommittedChanges }

/** Creates the slots the teacher's stored rules ask for and the range lacks, under the teacher's lock. */
async function fillSlots(ctx: TopUpContext, teacherId: string, now: Date, range: DateRange): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, teacherId)
    // Read again under the lock: an update may have replaced the rules meanwhile.
    const current = await findRules(tx, teacherId)
    if (current) await syncSlots(tx, teacherId, toRules(current), { now, range, prune: false })
  })
  ctx.changes.publish({ kind: 'teacher', id: teacherId })
}

/** Teachers checked per batch of the start-up top-up (two reads for all of them). */
const TOP_UP_BATCH = 200

/**
 * Tops up these teachers for the range: their rules and slots read together, the complete ones
 * marked complete together, and only a teacher with slots missing gets a transaction of its own.
 * Every one of them is known complete afterwards. Returns how many were filled.
 */
async function topUpBatch(
  ctx: TopUpContext,
  teacherIds: string[],
  now: Date,
  range: DateRange,
): Promise<number> {
  const { db } = ctx
  const { start, end } = rangeInstants(range)
  const [rules, slots] = await Promise.all([
    findRulesOf(db, teacherIds),
    findSlotsOf(db, teacherIds, start, end),
  ])
  const complete: string[] = []
  let filled = 0
  for (const stored of rules) {
    if (stored.slotsCompleteFrom === range.from) continue
    const existing = slots.get(stored.teacherId) ?? []
    if (missingSlots(desiredSlots(toRules(stored), range), existing).length === 0)
      complete.push(stored.teacherId)
    else {
      await fillSlots(ctx, stored.teacherId, now, range)
      filled++
    }
  }
  await markSlotsComplete(db, complete, range.from)
  // Without rules there is nothing to create; a first save materialises the range itself.
  const known = knownComplete(db)
  for (const id of teacherIds) known.set(id, range.from)
  return filled
}

/**
 * A week rolls over without an update: the next week's slots are created from the stored rules
 * when first asked for (idempotent; the write transaction runs only when something is missing).
 * After the first complete check in a week the check is skipped (timetables/show is hot).
 */
export async function topUpSlots(ctx: TopUpContext, teacherId: string, now: Date): Promise<void> {
  const range = teacherRange(now)
  if (knownComplete(ctx.db).get(teacherId) !== range.from) await topUpBatch(ctx, [teacherId], now, range)
}

/**
 * Every active teacher with stored rules, topped up for this week's range: those the database
 * already knows complete cost nothing but the one query that lists them; the others are checked in
 * batches (topUpBatch). Each batch is a few short queries with the event loop free in between, so
 * reads go on meanwhile.
 */
export async function topUpTeachers(
  ctx: TopUpContext,
  now: Date,
): Promise<{ checked: number; filled: number }> {
  const range = teacherRange(now)
  const known = knownComplete(ctx.db)
  const teachers = await activeTeachersWithRules(ctx.db, range.from)
  for (const teacher of teachers) if (teacher.complete) known.set(teacher.id, range.from)
  const unknown = teachers.filter((teacher) => !teacher.complete).map((teacher) => teacher.id)
  let filled = 0
  for (let i = 0; i < unknown.length; i += TOP_UP_BATCH)
    filled += await topUpBatch(ctx, unknown.slice(i, i + TOP_UP_BATCH), now, range)
  return { checked: unknown.length, filled }
}
