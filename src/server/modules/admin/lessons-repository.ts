import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm'
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core'
import type { AdminAttendanceDto } from '../../../domain/api/admin-lessons.ts'
import type { LessonStatus } from '../../../domain/api/my-lessons.ts'
import type { Db } from '../../db/client.ts'
import { languages, levels, users } from '../../db/schema.ts'
import { absenceReports, lessonFiles, lessonRatings, lessons } from '../../db/schema-lessons.ts'
import { lessonChatMessages, roomConnections } from '../../db/schema-room.ts'
import { languageNames } from '../dictionaries/public.ts'
import { mergeAttendance } from '../lessons/public.ts'

// SQL of the console's lessons: one statement per page, the parties, language, level
// and the canceller by joins and the report counts by sub-selects.

export const teacherUser = alias(users, 'teacher')
export const studentUser = alias(users, 'student')
const canceller = alias(users, 'canceller')

/** "First Last", or null before the person gave a name. */
export const fullName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), '')`

const reportCount = (open: boolean) =>
  sql<number>`(select count(*) from ${absenceReports} where ${absenceReports.lessonId} = ${lessons.id}
    ${open ? sql`and ${absenceReports.status} = 'open'` : sql``})`.mapWith(Number)

const columns = {
  lesson: lessons,
  language: languageNames,
  level: { id: levels.id, name: levels.name },
  teacher: { id: teacherUser.id, name: fullName(teacherUser), email: teacherUser.email },
  student: {
    id: studentUser.id,
    name: fullName(studentUser),
    email: studentUser.email,
    companyName: studentUser.companyName,
  },
  canceller: {
    id: canceller.id,
    role: canceller.role,
    name: fullName(canceller),
    email: canceller.email,
  },
  reports: reportCount(false),
  openReports: reportCount(true),
}

function selectLessons(db: Db) {
  return db
    .select(columns)
    .from(lessons)
    .innerJoin(teacherUser, eq(teacherUser.id, lessons.teacherId))
    .innerJoin(studentUser, eq(studentUser.id, lessons.studentId))
    .innerJoin(languages, eq(languages.id, lessons.languageId))
    .innerJoin(levels, eq(levels.id, lessons.levelId))
    .leftJoin(canceller, eq(canceller.id, lessons.cancelledBy))
}

export type AdminLessonRow = Awaited<ReturnType<ReturnType<typeof selectLessons>['execute']>>[number]

export type AdminLessonFilter = {
  from?: Date
  to?: Date
  teacherId?: string
  studentId?: string
  status?: LessonStatus
  page: number
  perPage: number
}

function statusCondition(status: LessonStatus | undefined, now: Date): SQL | undefined {
  if (status === 'cancelled') return isNotNull(lessons.cancelledAt)
  if (status === 'finished') return and(isNull(lessons.cancelledAt), lte(lessons.endsAt, now))
  if (status === 'scheduled') return and(isNull(lessons.cancelledAt), sql`${lessons.endsAt} > ${now}`)
  return undefined
}

/** Newest start first; one row more than a page tells whether another follows. */
export async function listAdminLessons(
  db: Db,
  filter: AdminLessonFilter,
  now: Date,
): Promise<{ rows: AdminLessonRow[]; more: boolean }> {
  const rows = await selectLessons(db)
    .where(
      and(
        filter.from === undefined ? undefined : gte(lessons.startsAt, filter.from),
        filter.to === undefined ? undefined : lt(lessons.startsAt, filter.to),
        filter.teacherId === undefined ? undefined : eq(lessons.teacherId, filter.teacherId),
        filter.studentId === undefined ? undefined : eq(lessons.studentId, filter.studentId),
        statusCondition(filter.status, now),
      ),
    )
    .orderBy(desc(lessons.startsAt), desc(lessons.id))
    .limit(filter.perPage + 1)
    .offset((filter.page - 1) * filter.perPage)
  return { rows: rows.slice(0, filter.perPage), more: rows.length > filter.perPage }
}

export async function findAdminLesson(db: Db, lessonId: string): Promise<AdminLessonRow | undefined> {
  const [row] = await selectLessons(db).where(eq(lessons.id, lessonId))
  return row
}

/** The lessons' stays in the room per lesson, each party's reconnects merged (protocol §4). */
export async function attendanceOf(db: Db, lessonIds: string[]): Promise<Map<string, AdminAttendanceDto[]>> {
  const result = new Map<string, AdminAttendanceDto[]>()
  if (lessonIds.length === 0) return result
  const rows = await db
    .select({
      lessonId: roomConnections.lessonId,
      userId: roomConnections.userId,
      role: roomConnections.role,
      joinedAt: roomConnections.joinedAt,
      leftAt: roomConnections.leftAt,
    })
    .from(roomConnections)
    .where(inArray(roomConnections.lessonId, lessonIds))
    .orderBy(asc(roomConnections.joinedAt))
  const byLesson = new Map<string, typeof rows>()
  for (const row of rows) byLesson.set(row.lessonId, [...(byLesson.get(row.lessonId) ?? []), row])
  for (const [lessonId, connections] of byLesson) {
    const userOf = new Map(connections.map((c) => [c.role, c.userId]))
    const merged = mergeAttendance(
      connections.map((c) => ({
        role: c.role,
        from: c.joinedAt.toISOString(),
        to: c.leftAt?.toISOString() ?? null,
      })),
    )
    result.set(
      lessonId,
      merged.map((stay) => ({ ...stay, user_id: userOf.get(stay.role) ?? '' })),
    )
  }
  return result
}

export async function chatMessageCount(db: Db, lessonId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lessonChatMessages)
    .where(eq(lessonChatMessages.lessonId, lessonId))
  return row?.n ?? 0
}

export async function lessonMaterials(db: Db, lessonId: string) {
  return db
    .select({
      id: lessonFiles.id,
      filename: lessonFiles.filename,
      ownerRole: lessonFiles.ownerRole,
      size: lessonFiles.size,
      createdAt: lessonFiles.createdAt,
    })
    .from(lessonFiles)
    .where(eq(lessonFiles.lessonId, lessonId))
    .orderBy(asc(lessonFiles.createdAt), asc(lessonFiles.id))
}

export async function lessonRating(db: Db, lessonId: string) {
  const [row] = await db
    .select({ value: lessonRatings.value, comment: lessonRatings.comment })
    .from(lessonRatings)
    .where(eq(lessonRatings.lessonId, lessonId))
  return row ?? null
}

/** The lesson locked for the school's cancel (no viewer: an operator may cancel any lesson). */
export async function lockLesson(tx: Db, lessonId: string) {
  const [row] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).for('update')
  return row
}
