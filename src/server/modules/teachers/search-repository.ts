import { and, asc, eq, exists, gte, isNull, lt, notExists, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import {
  lessons,
  levels,
  specializations,
  teacherSpecializations,
  teacherTaughtLanguages,
  teacherTeachingLanguages,
  timeSlots,
  users,
} from '../../db/schema.ts'
import type { InstantRange } from './free-slot-windows.ts'

// Teacher search SQL (issue #4 item 3, spec §7 GET /teachers/search and /teachers/it_teachers).
// One query answers a page with its total: the teacher filters are EXISTS probes of primary keys,
// and the soonest free slot of each teacher is one LIMIT 1 range scan of the (teacher_id,
// starts_at) index, probing the partial unique index of active lessons.

export type TeacherFilters = {
  languageId?: number | undefined
  levelId?: number | undefined
  teachingLanguageId?: number | undefined
  specializationId?: number | undefined
  /** Only teachers with this specialization name for any language (spec §1 IT teachers). */
  specializationName?: string | undefined
}

export type SlotFilter = {
  /** Where a free slot may start (free-slot-windows.ts); empty: no slot can match. */
  windows: InstantRange[]
  /** The teacher must have a free slot in `windows` (the day/time filters were given). */
  required: boolean
}

export type TeacherRow = {
  id: string
  firstName: string | null
  lastName: string | null
  imageKey: string | null
  notAcceptingNewStudents: boolean
  averageRating: number | null
  nextFreeSlot: Date | null
  /** spec §3 taught_languages, as read in the same query (JSON; parsed by the service). */
  taught: unknown
  total: number
}

const requestedLevel = alias(levels, 'requested_level')

function teacherConditions(db: Db, filters: TeacherFilters): SQL[] {
  const conditions: SQL[] = [eq(users.role, 'teacher'), eq(users.status, 'active')]
  const { languageId, levelId, teachingLanguageId, specializationId, specializationName } = filters
  if (languageId !== undefined || levelId !== undefined) {
    // Taught at a level of rank ≥ the requested one, for language_id when given, else any language.
    let taught = db
      .select({ one: sql`1` })
      .from(teacherTaughtLanguages)
      .innerJoin(levels, eq(levels.id, teacherTaughtLanguages.levelId))
      .$dynamic()
    if (levelId !== undefined) {
      taught = taught.innerJoin(
        requestedLevel,
        and(eq(requestedLevel.id, levelId), gte(levels.rank, requestedLevel.rank)),
      )
    }
    const language = languageId === undefined ? undefined : eq(teacherTaughtLanguages.languageId, languageId)
    conditions.push(exists(taught.where(and(eq(teacherTaughtLanguages.teacherId, users.id), language))))
  }
  if (teachingLanguageId !== undefined) {
    const teaching = db
      .select({ one: sql`1` })
      .from(teacherTeachingLanguages)
      .where(
        and(
          eq(teacherTeachingLanguages.teacherId, users.id),
          eq(teacherTeachingLanguages.languageId, teachingLanguageId),
        ),
      )
    conditions.push(exists(teaching))
  }
  if (specializationId !== undefined) {
    const language = languageId === undefined ? undefined : eq(teacherSpecializations.languageId, languageId)
    const specialized = db
      .select({ one: sql`1` })
      .from(teacherSpecializations)
      .where(
        and(
          eq(teacherSpecializations.teacherId, users.id),
          eq(teacherSpecializations.specializationId, specializationId),
          language,
        ),
      )
    conditions.push(exists(specialized))
  }
  if (specializationName !== undefined) {
    const named = db
      .select({ one: sql`1` })
      .from(teacherSpecializations)
      .innerJoin(specializations, eq(specializations.id, teacherSpecializations.specializationId))
      .where(
        and(eq(teacherSpecializations.teacherId, users.id), eq(specializations.name, specializationName)),
      )
    conditions.push(exists(named))
  }
  return conditions
}

/** The teacher's soonest free slot in the windows: no active lesson holds it (spec §4). */
function nextFreeSlot(db: Db, windows: InstantRange[]) {
  const first = windows[0]
  const last = windows.at(-1)
  const active = db
    .select({ one: sql`1` })
    .from(lessons)
    .where(and(eq(lessons.timeSlotId, timeSlots.id), isNull(lessons.cancelledAt)))
  const inWindows =
    first && last
      ? and(
          // The outer bounds give the index scan its range; the windows filter inside it.
          gte(timeSlots.startsAt, first.start),
          lt(timeSlots.startsAt, last.end),
          or(...windows.map((w) => and(gte(timeSlots.startsAt, w.start), lt(timeSlots.startsAt, w.end)))),
        )
      : sql`false`
  return db
    .select({ startsAt: timeSlots.startsAt })
    .from(timeSlots)
    .where(and(eq(timeSlots.teacherId, users.id), inWindows, notExists(active)))
    .orderBy(asc(timeSlots.startsAt))
    .limit(1)
    .as('next_free')
}

// Ratings arrive with issue #5; until then every teacher's average is null and the first sort
// key changes nothing. Issue #5 replaces this expression with the ratings' average.
const averageRating = sql<number | null>`cast(null as real)`

/** The teacher's taught languages with levels, in the page's own query (one round trip less). */
const taughtLanguagesJson = sql<unknown>`(select coalesce(json_agg(json_build_object('id', ${teacherTaughtLanguages.languageId}, 'level_id', ${teacherTaughtLanguages.levelId}) order by ${teacherTaughtLanguages.languageId}), '[]'::json)
  from ${teacherTaughtLanguages} where ${teacherTaughtLanguages.teacherId} = ${users.id})`

/**
 * A page of active teachers matching the filters, ordered by average rating (desc, nulls last),
 * soonest free slot (nulls last), last name, first name and id; each row carries the total.
 * Without `page`, all of them.
 */
export async function findTeacherPage(
  db: Db,
  filters: TeacherFilters,
  slots: SlotFilter,
  page?: { limit: number; offset: number },
): Promise<TeacherRow[]> {
  const next = nextFreeSlot(db, slots.windows)
  const base = db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      imageKey: users.imageKey,
      notAcceptingNewStudents: users.notAcceptingNewStudents,
      averageRating: averageRating.as('average_rating'),
      nextFreeSlot: next.startsAt,
      taught: taughtLanguagesJson,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
  const joined = slots.required
    ? base.innerJoinLateral(next, sql`true`)
    : base.leftJoinLateral(next, sql`true`)
  const ordered = joined
    .where(and(...teacherConditions(db, filters)))
    .orderBy(
      sql`${averageRating} desc nulls last`,
      sql`${next.startsAt} asc nulls last`,
      asc(users.lastName),
      asc(users.firstName),
      asc(users.id),
    )
  return page ? ordered.limit(page.limit).offset(page.offset) : ordered
}

/** How many teachers match (only asked when a page past the end came back empty). */
export async function countTeachers(db: Db, filters: TeacherFilters, slots: SlotFilter): Promise<number> {
  const next = nextFreeSlot(db, slots.windows)
  const base = db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(users)
  const joined = slots.required ? base.innerJoinLateral(next, sql`true`) : base
  const [row] = await joined.where(and(...teacherConditions(db, filters)))
  return row?.total ?? 0
}
