import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { GroupClassState } from '../../../domain/api/admin-group-classes.ts'
import type { Db } from '../../db/client.ts'
import { languages, levels, users } from '../../db/schema.ts'
import { groupClasses, groupClassMembers, groupMeetings } from '../../db/schema-group-classes.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { roomConnections } from '../../db/schema-room.ts'
import { languageNames } from '../dictionaries/public.ts'
import { fullName, teacherUser } from './lessons-repository.ts'
import { containsPattern } from './people-repository.ts'

// SQL of the console's group classes: the list with its counts and state by sub-selects, one
// class's meetings, roster (with attendance from the room's connections) and waiting list, and the
// students an enrolment names.

export type GroupClassFilter = {
  teacherId?: string | undefined
  languageId?: number | undefined
  company?: string | undefined
  state?: GroupClassState | undefined
  page: number
  perPage: number
}

const memberCount = (status: 'enrolled' | 'waiting') =>
  sql<number>`(select count(*) from ${groupClassMembers} where ${groupClassMembers.classId} = ${groupClasses.id}
    and ${groupClassMembers.status} = ${status})`.mapWith(Number)

/** Whether the class has an active meeting that has not ended by `now`. */
const hasComing = (now: Date) =>
  sql<boolean>`exists (select 1 from ${groupMeetings} where ${groupMeetings.classId} = ${groupClasses.id}
    and ${groupMeetings.cancelledAt} is null and ${groupMeetings.endsAt} > ${now})`

function stateCondition(state: GroupClassState | undefined, now: Date): SQL | undefined {
  if (state === 'cancelled') return isNotNull(groupClasses.cancelledAt)
  if (state === 'active') return and(isNull(groupClasses.cancelledAt), hasComing(now))
  if (state === 'finished') return and(isNull(groupClasses.cancelledAt), sql`not ${hasComing(now)}`)
  return undefined
}

const columns = (now: Date) => ({
  group: groupClasses,
  teacher: { id: teacherUser.id, name: fullName(teacherUser), email: teacherUser.email },
  language: languageNames,
  level: { id: levels.id, name: levels.name },
  enrolled: memberCount('enrolled'),
  waiting: memberCount('waiting'),
  meetings:
    sql<number>`(select count(*) from ${groupMeetings} where ${groupMeetings.classId} = ${groupClasses.id}
    and ${groupMeetings.cancelledAt} is null)`.mapWith(Number),
  nextMeetingAt: sql<Date | null>`(select min(${groupMeetings.startsAt}) from ${groupMeetings}
    where ${groupMeetings.classId} = ${groupClasses.id} and ${groupMeetings.cancelledAt} is null
    and ${groupMeetings.startsAt} > ${now})`.mapWith((value: string | Date | null) =>
    value === null ? null : new Date(value),
  ),
  coming: hasComing(now),
})

const selectClasses = (db: Db, now: Date) =>
  db
    .select(columns(now))
    .from(groupClasses)
    .innerJoin(teacherUser, eq(teacherUser.id, groupClasses.teacherId))
    .innerJoin(languages, eq(languages.id, groupClasses.languageId))
    .innerJoin(levels, eq(levels.id, groupClasses.levelId))

export type GroupClassListRow = Awaited<ReturnType<ReturnType<typeof selectClasses>['execute']>>[number]

/** Newest classes first; one row more than a page tells whether another page follows. */
export async function findGroupClasses(
  db: Db,
  filter: GroupClassFilter,
  now: Date,
): Promise<{ rows: GroupClassListRow[]; more: boolean }> {
  const rows = await selectClasses(db, now)
    .where(
      and(
        filter.teacherId ? eq(groupClasses.teacherId, filter.teacherId) : undefined,
        filter.languageId ? eq(groupClasses.languageId, filter.languageId) : undefined,
        filter.company
          ? sql`${groupClasses.companyName} ilike ${containsPattern(filter.company)}`
          : undefined,
        stateCondition(filter.state, now),
      ),
    )
    .orderBy(desc(groupClasses.createdAt), desc(groupClasses.id))
    .limit(filter.perPage + 1)
    .offset((filter.page - 1) * filter.perPage)
  return { rows: rows.slice(0, filter.perPage), more: rows.length > filter.perPage }
}

export async function findGroupClass(db: Db, classId: string, now: Date) {
  const [row] = await selectClasses(db, now).where(eq(groupClasses.id, classId))
  return row
}

export const meetingsOfClass = (db: Db, classId: string) =>
  db
    .select()
    .from(groupMeetings)
    .where(eq(groupMeetings.classId, classId))
    .orderBy(asc(groupMeetings.startsAt))

/** Who said they will not come to which of the class's meetings (their places still active). */
export const notComingOfClass = (db: Db, classId: string) =>
  db
    .select({ meetingId: groupMeetings.id, name: fullName(users), email: users.email })
    .from(lessons)
    .innerJoin(groupMeetings, eq(groupMeetings.id, lessons.groupMeetingId))
    .innerJoin(users, eq(users.id, lessons.studentId))
    .where(
      and(eq(groupMeetings.classId, classId), isNull(lessons.cancelledAt), isNotNull(lessons.groupAbsentAt)),
    )
    .orderBy(asc(lessons.groupAbsentAt))

export async function meetingById(db: Db, meetingId: string) {
  const [row] = await db.select().from(groupMeetings).where(eq(groupMeetings.id, meetingId))
  return row
}

const student = {
  id: users.id,
  name: fullName(users),
  email: users.email,
  companyName: users.companyName,
}

/**
 * The class's members (enrolled first come first, then the waiting list in its order), each with
 * the past meetings they had a place in and those they were in the room for.
 */
export async function membersWithAttendance(db: Db, classId: string, now: Date) {
  const pastPlaces = sql`from ${lessons} inner join ${groupMeetings} on ${groupMeetings.id} = ${lessons.groupMeetingId}
    where ${groupMeetings.classId} = ${classId} and ${lessons.studentId} = ${users.id}
    and ${lessons.cancelledAt} is null and ${groupMeetings.endsAt} <= ${now}`
  return db
    .select({
      student,
      status: groupClassMembers.status,
      since: sql<Date>`coalesce(${groupClassMembers.waitingSince}, ${groupClassMembers.createdAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
      past: sql<number>`(select count(*) ${pastPlaces})`.mapWith(Number),
      attended: sql<number>`(select count(*) ${pastPlaces} and exists (select 1 from ${roomConnections}
        where ${roomConnections.lessonId} = ${lessons.id} and ${roomConnections.userId} = ${users.id}))`.mapWith(
        Number,
      ),
    })
    .from(groupClassMembers)
    .innerJoin(users, eq(users.id, groupClassMembers.studentId))
    .where(eq(groupClassMembers.classId, classId))
    .orderBy(asc(groupClassMembers.waitingSince), asc(groupClassMembers.createdAt), asc(users.email))
}

const enrollable = and(eq(users.role, 'student'), ne(users.status, 'inactive'))

/** Which of these ids are students who may be enrolled (not deactivated). */
export async function enrollableIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), enrollable))
  return new Set(rows.map((row) => row.id))
}

/** The enrollable students of these (lower-case) addresses, by address. */
export async function enrollableByEmail(db: Db, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map()
  const rows = await db
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, emails), enrollable))
  return new Map(rows.map((row) => [row.email, row.id]))
}

/** The enrollable students of the company (its name as written, ignoring case and spaces around it), oldest accounts first. */
export async function companyStudentIds(db: Db, companyName: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(enrollable, sql`lower(trim(${users.companyName})) = lower(trim(${companyName}))`))
    .orderBy(asc(users.createdAt), asc(users.id))
  return rows.map((row) => row.id)
}

/** Whether the language and the level exist (the class's references). */
export async function referencesExist(db: Db, ids: { languageId?: number; levelId?: number }) {
  const language =
    ids.languageId === undefined ||
    (await db.select({ id: languages.id }).from(languages).where(eq(languages.id, ids.languageId))).length > 0
  const level =
    ids.levelId === undefined ||
    (await db.select({ id: levels.id }).from(levels).where(eq(levels.id, ids.levelId))).length > 0
  return { language, level }
}
