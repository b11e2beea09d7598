import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { Db } from '../../db/client.ts'
import {
  levels,
  specializations,
  teacherSpecializations,
  teacherStudents,
  teacherTaughtLanguages,
  teacherTeachingLanguages,
  timeSlots,
  users,
} from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { findSettings } from '../settings/public.ts'

// What the teacher board (teacher-board.ts) reads: every active teacher's public data with the
// slots of the schedule range, in one query for all teachers or for a few; a student's own active
// lessons; the grace period. Aggregated in the database so a thousand teachers are a thousand rows.

export type BoardSlot = { id: string; startsAt: number; booked: boolean }

/**
 * A teacher's slots without an object per slot (at 30,000 teachers there are a million; as objects
 * they took a third of the heap and most of the collector's time), and outside the collected heap:
 * slot i has the id in bytes 16 i to 16 i + 16 of `ids`, starts at `starts[i]` (epoch ms,
 * ascending) and is booked when `booked[i]` is 1.
 */
export type BoardSlots = { ids: Buffer; starts: Float64Array; booked: Uint8Array }

const UUID_BYTES = 16

/** The uuid of slot i, as PostgreSQL writes it. */
function slotId(ids: Buffer, i: number): string {
  const hex = ids.toString('hex', UUID_BYTES * i, UUID_BYTES * (i + 1))
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The slots starting in [from, to), as objects (a week of one teacher: a few dozen). */
export function slotsBetween(slots: BoardSlots, from: number, to: number): BoardSlot[] {
  const out: BoardSlot[] = []
  for (let i = lowerBound(slots.starts, from); i < slots.starts.length; i++) {
    const startsAt = slots.starts[i] ?? to
    if (startsAt >= to) break
    out.push({
      id: slotId(slots.ids, i),
      startsAt,
      booked: slots.booked[i] === 1,
    })
  }
  return out
}

/** Index of the first element ≥ value in an ascending array. */
export function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sorted[middle] ?? 0) < value) low = middle + 1
    else high = middle
  }
  return low
}

export type BoardTeacher = {
  id: string
  firstName: string | null
  lastName: string | null
  imageKey: string | null
  notAcceptingNewStudents: boolean
  averageRating: number | null
  /** Taught languages with the level's id and rank. */
  taught: { languageId: number; levelId: number; rank: number }[]
  /** The same as search results give them (product-rules.md "Records and fields"), built once. */
  taughtLanguages: { id: number; level: { id: number } }[]
  teaching: number[]
  specializations: { specializationId: number; languageId: number; name: string }[]
  /** Students on the teacher's allowed list (product-rules.md "Allowed students"). */
  allowed: ReadonlySet<string>
  /** The slots starting at or after the range's start, in time order. */
  slots: BoardSlots
  /** Starts (epoch ms) of the slots no active lesson holds, in time order. */
  freeStarts: Float64Array
  /**
   * Position among all teachers by last name, first name (Polish collation) and id, kept by the
   * board (teacher-board.ts) so search compares numbers, not strings.
   */
  nameRank: number
}

const taughtJson = v.array(v.object({ l: v.number(), v: v.number(), r: v.number() }))
const specsJson = v.array(v.object({ s: v.number(), l: v.number(), n: v.string() }))
const idList = v.array(v.string())
const numberList = v.array(v.number())

/** Teachers read between two turns of the event loop during a load. */
const YIELD_EVERY = 100

function taughtOf(json: unknown): Pick<BoardTeacher, 'taught' | 'taughtLanguages'> {
  const taught = v.parse(taughtJson, json)
  return {
    taught: taught.map((t) => ({ languageId: t.l, levelId: t.v, rank: t.r })),
    taughtLanguages: taught.map((t) => ({ id: t.l, level: { id: t.v } })),
  }
}

const NO_SLOTS = {
  slots: { ids: Buffer.alloc(0), starts: new Float64Array(0), booked: new Uint8Array(0) },
  freeStarts: new Float64Array(0),
}

type SlotRow = { teacher_id: string; ids: string | null; starts: string | null }
type BookedRow = { teacher_id: string; time_slot_id: string }

/** A full load reads the slots in two halves side by side (random uuids split evenly): two cores. */
const HALVES = [
  sql`u.id < '80000000-0000-0000-0000-000000000000'`,
  sql`u.id >= '80000000-0000-0000-0000-000000000000'`,
]

/** node-postgres answers a raw statement with { rows }. */
const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows

/**
 * The slots from `from` of every active teacher, or of these, by teacher: each
 * teacher's slots read in start order from the (teacher_id, starts_at) index and sent as two
 * strings — ids, and starts in epoch ms — that become the compact BoardSlots; the booked
 * ones come from the active lessons, read apart (probing the lessons for each of 900,000 slots,
 * and building per-slot text, took most of a 20,000-teacher load's 3 s).
 */
async function loadSlots(
  db: Db,
  from: Date,
  ids?: string[],
): Promise<Map<string, Pick<BoardTeacher, 'slots' | 'freeStarts'>>> {
  const since = from.toISOString()
  const slotsOf = (only: SQL) =>
    rowsOf<SlotRow>(
      db,
      sql`select u.id as teacher_id, s.ids, s.starts
            from ${users} u
            cross join lateral (
              select string_agg(replace(sl.id::text, '-', ''), '' order by sl.starts_at) as ids,
                     string_agg((date_part('epoch', sl.starts_at) * 1000)::bigint::text, ',' order by sl.starts_at) as starts
                from ${timeSlots} sl where sl.teacher_id = u.id and sl.starts_at >= ${since}::timestamptz) s
           where u.role = 'teacher' and u.status = 'active' and ${only}`,
    )
  // Drizzle sends a JS array inside sql`` as a parenthesised list of parameters: `in (…)`.
  if (ids?.length === 0) return new Map()
  const parts = ids === undefined ? HALVES : [sql`u.id in ${ids}`]
  const [booked, ...halves] = await Promise.all([
    rowsOf<BookedRow>(
      db,
      sql`select teacher_id, time_slot_id from ${lessons}
           where cancelled_at is null and time_slot_id is not null and teacher_id is not null
             and starts_at >= ${since}::timestamptz
             ${ids === undefined ? sql`` : sql`and teacher_id in ${ids}`}`,
    ),
    ...parts.map(slotsOf),
  ])
  const bookedBy = new Map<string, Set<string>>()
  for (const row of booked) {
    const set = bookedBy.get(row.teacher_id)
    // As the slots' ids come: hex without dashes.
    const hex = row.time_slot_id.replaceAll('-', '')
    if (set) set.add(hex)
    else bookedBy.set(row.teacher_id, new Set([hex]))
  }
  const byTeacher = new Map<string, Pick<BoardTeacher, 'slots' | 'freeStarts'>>()
  let count = 0
  for (const row of halves.flat()) {
    // Let waiting requests in between (no long block of the event loop).
    if (++count % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve))
    if (row.ids && row.starts)
      byTeacher.set(row.teacher_id, compactSlots(row.ids, row.starts, bookedBy.get(row.teacher_id)))
  }
  return byTeacher
}

function compactSlots(
  hex: string,
  text: string,
  bookedIds: Set<string> | undefined,
): Pick<BoardTeacher, 'slots' | 'freeStarts'> {
  const parts = text.split(',')
  const starts = new Float64Array(parts.length)
  const booked = new Uint8Array(parts.length)
  let free = parts.length
  for (let i = 0; i < parts.length; i++) {
    starts[i] = Number(parts[i])
    if (bookedIds?.has(hex.slice(2 * UUID_BYTES * i, 2 * UUID_BYTES * (i + 1)))) {
      booked[i] = 1
      free--
    }
  }
  const freeStarts = new Float64Array(free)
  for (let i = 0, at = 0; i < parts.length; i++) if (booked[i] === 0) freeStarts[at++] = starts[i] ?? 0
  return { slots: { ids: Buffer.from(hex, 'hex'), starts, booked }, freeStarts }
}

/** Most teachers allow no one in particular: they share one empty set (never written to). */
const NO_ONE: ReadonlySet<string> = new Set()
const allowedSet = (ids: string[]): ReadonlySet<string> => (ids.length === 0 ? NO_ONE : new Set(ids))

export async function loadBoardTeachers(db: Db, from: Date, ids?: string[]): Promise<BoardTeacher[]> {
  // Written out with table aliases: a one-table select leaves drizzle's columns unqualified, and
  // the sub-selects name columns (id, language_id) that several of their tables have.
  const teacher = sql`"users"."id"`
  const slotsLoading = loadSlots(db, from, ids)
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      imageKey: users.imageKey,
      notAcceptingNewStudents: users.notAcceptingNewStudents,
      averageRating: users.averageRating,
      taught: sql<unknown>`(select coalesce(json_agg(json_build_object('l', tl.language_id, 'v', lv.id, 'r', lv.rank) order by tl.language_id), '[]'::json)
        from ${teacherTaughtLanguages} tl join ${levels} lv on lv.id = tl.level_id where tl.teacher_id = ${teacher})`,
      teaching: sql<unknown>`(select coalesce(json_agg(tt.language_id), '[]'::json)
        from ${teacherTeachingLanguages} tt where tt.teacher_id = ${teacher})`,
      specializations: sql<unknown>`(select coalesce(json_agg(json_build_object('s', ts.specialization_id, 'l', ts.language_id, 'n', sp.name)), '[]'::json)
        from ${teacherSpecializations} ts join ${specializations} sp on sp.id = ts.specialization_id where ts.teacher_id = ${teacher})`,
      allowed: sql<unknown>`(select coalesce(json_agg(st.student_id), '[]'::json)
        from ${teacherStudents} st where st.teacher_id = ${teacher})`,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'teacher'),
        eq(users.status, 'active'),
        ids === undefined ? undefined : inArray(users.id, ids),
      ),
    )
  const slots = await slotsLoading
  const teachers: BoardTeacher[] = []
  for (const [index, row] of rows.entries()) {
    // A full load reads every teacher's slots: let waiting requests in between (no long block).
    if (index > 0 && index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve))
    teachers.push({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      imageKey: row.imageKey,
      notAcceptingNewStudents: row.notAcceptingNewStudents,
      averageRating: row.averageRating,
      ...taughtOf(row.taught),
      teaching: v.parse(numberList, row.teaching),
      specializations: v
        .parse(specsJson, row.specializations)
        .map((s) => ({ specializationId: s.s, languageId: s.l, name: s.n })),
      allowed: allowedSet(v.parse(idList, row.allowed)),
      ...(slots.get(row.id) ?? NO_SLOTS),
      nameRank: 0,
    })
  }
  return teachers
}

export type BoardLesson = { startsAt: number; endsAt: number }

/**
 * The student's active lessons not ended by `since` (the board keeps those from a day before the
 * schedule range on).
 */
export async function loadStudentLessons(db: Db, studentId: string, since: Date): Promise<BoardLesson[]> {
  const rows = await db
    .select({ startsAt: lessons.startsAt, endsAt: lessons.endsAt })
    .from(lessons)
    .where(and(eq(lessons.studentId, studentId), isNull(lessons.cancelledAt), gt(lessons.endsAt, since)))
    .orderBy(asc(lessons.startsAt))
  return rows.map((row) => ({ startsAt: row.startsAt.getTime(), endsAt: row.endsAt.getTime() }))
}

/**
 * settings.lesson_earliness_condition (product-rules.md "Grace period"); null before the row
 * exists.
 */
export const loadGraceHours = async (db: Db): Promise<number | null> =>
  (await findSettings(db))?.lessonEarlinessCondition ?? null

/**
 * Level id → rank (product-rules.md "Validation": a teacher teaches every level at or below
 * theirs).
 */
export async function loadLevelRanks(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ id: levels.id, rank: levels.rank }).from(levels)
  return new Map(rows.map((row) => [row.id, row.rank]))
}
