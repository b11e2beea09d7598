import { and, eq, inArray, sql } from 'drizzle-orm'
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
import { studentLessons } from '../lessons/repository.ts'
import { findSettings } from '../settings/repository.ts'

// What the teacher board (teacher-board.ts) reads: every active teacher's public data with the
// slots of the schedule range, in one query for all teachers or for a few; a student's own active
// lessons; the grace period. Aggregated in the database so a thousand teachers are a thousand rows.

export type BoardSlot = { id: string; startsAt: number; booked: boolean }

export type BoardTeacher = {
  id: string
  firstName: string | null
  lastName: string | null
  imageKey: string | null
  notAcceptingNewStudents: boolean
  averageRating: number | null
  /** Taught languages with the level's id and rank. */
  taught: { languageId: number; levelId: number; rank: number }[]
  /** The same as spec §3 search results give them, built once. */
  taughtLanguages: { id: number; level: { id: number } }[]
  teaching: number[]
  specializations: { specializationId: number; languageId: number; name: string }[]
  /** Students on the teacher's allowed list (spec §4). */
  allowed: Set<string>
  /** The slots starting at or after the range's start, in time order. */
  slots: BoardSlot[]
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

/** `id,epoch-ms,0|1` per slot, `;`-separated: far cheaper to read than JSON objects. */
function parseSlots(text: string | null): { slots: BoardSlot[]; freeStarts: Float64Array } {
  if (!text) return { slots: [], freeStarts: new Float64Array(0) }
  const parts = text.split(';')
  const slots: BoardSlot[] = new Array(parts.length)
  const free: number[] = []
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? ''
    const id = part.slice(0, 36)
    const startsAt = Number(part.slice(37, -2))
    const booked = part.endsWith('1')
    slots[i] = { id, startsAt, booked }
    if (!booked) free.push(startsAt)
  }
  return { slots, freeStarts: Float64Array.from(free) }
}

export async function loadBoardTeachers(db: Db, from: Date, ids?: string[]): Promise<BoardTeacher[]> {
  // Written out with table aliases: a one-table select leaves drizzle's columns unqualified, and
  // the sub-selects name columns (id, language_id) that several of their tables have.
  const teacher = sql`"users"."id"`
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
      slots: sql<
        string | null
      >`(select string_agg(sl.id::text || ',' || (extract(epoch from sl.starts_at) * 1000)::bigint || ',' ||
          (case when exists (select 1 from ${lessons} le where le.time_slot_id = sl.id and le.cancelled_at is null) then '1' else '0' end), ';' order by sl.starts_at)
        from ${timeSlots} sl where sl.teacher_id = ${teacher} and sl.starts_at >= ${from.toISOString()}::timestamptz)`,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'teacher'),
        eq(users.status, 'active'),
        ids === undefined ? undefined : inArray(users.id, ids),
      ),
    )
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
      allowed: new Set(v.parse(idList, row.allowed)),
      ...parseSlots(row.slots),
      nameRank: 0,
    })
  }
  return teachers
}

export type BoardLesson = { startsAt: number; endsAt: number }

/**
 * The student's active lessons not ended by `since` (the board keeps those from a day before the
 * schedule range on), read with the booking rules' own query.
 */
export async function loadStudentLessons(db: Db, studentId: string, since: Date): Promise<BoardLesson[]> {
  const rows = await studentLessons(db, studentId, { now: since, from: since, to: since })
  return rows.map((row) => ({ startsAt: row.startsAt.getTime(), endsAt: row.endsAt.getTime() }))
}

/** settings.lesson_earliness_condition (spec §4 grace period); null before the row exists. */
export const loadGraceHours = async (db: Db): Promise<number | null> =>
  (await findSettings(db))?.lessonEarlinessCondition ?? null

/** Level id → rank (spec §5: a teacher teaches every level at or below theirs). */
export async function loadLevelRanks(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ id: levels.id, rank: levels.rank }).from(levels)
  return new Map(rows.map((row) => [row.id, row.rank]))
}
