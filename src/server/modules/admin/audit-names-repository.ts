import { eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { absenceReports, lessons } from '../../db/schema-lessons.ts'

// The audit log's targets and operators by name: a person's name and e-mail, a lesson's start and
// parties, as they are now (the entry keeps the id; the operator's e-mail as it was).

export type PersonName = { name: string | null; email: string }
export type LessonNames = { startsAt: Date; teacher: PersonName; student: PersonName }

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null

export async function peopleByIds(db: Db, ids: string[]): Promise<Map<string, PersonName>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids))
  return new Map(rows.map((r) => [r.id, { name: fullName(r.firstName, r.lastName), email: r.email }]))
}

const teacher = alias(users, 'teacher')
const student = alias(users, 'student')

/** Lessons by id, or by the id of an absence report about them. */
export async function lessonsByIds(
  db: Db,
  ids: { lessons: string[]; reports: string[] },
): Promise<Map<string, LessonNames>> {
  const found = new Map<string, LessonNames>()
  const select = () =>
    db
      .select({
        id: lessons.id,
        startsAt: lessons.startsAt,
        teacherEmail: teacher.email,
        teacherFirst: teacher.firstName,
        teacherLast: teacher.lastName,
        studentEmail: student.email,
        studentFirst: student.firstName,
        studentLast: student.lastName,
      })
      .from(lessons)
      .innerJoin(teacher, eq(teacher.id, lessons.teacherId))
      .innerJoin(student, eq(student.id, lessons.studentId))
  type Row = {
    startsAt: Date
    teacherEmail: string
    teacherFirst: string | null
    teacherLast: string | null
    studentEmail: string
    studentFirst: string | null
    studentLast: string | null
  }
  const names = (r: Row): LessonNames => ({
    startsAt: r.startsAt,
    teacher: { name: fullName(r.teacherFirst, r.teacherLast), email: r.teacherEmail },
    student: { name: fullName(r.studentFirst, r.studentLast), email: r.studentEmail },
  })
  if (ids.lessons.length > 0) {
    for (const row of await select().where(inArray(lessons.id, ids.lessons))) found.set(row.id, names(row))
  }
  if (ids.reports.length > 0) {
    const rows = await db
      .select({ reportId: absenceReports.id, lessonId: absenceReports.lessonId })
      .from(absenceReports)
      .where(inArray(absenceReports.id, ids.reports))
    const byLesson = new Map<string, string[]>()
    for (const r of rows) byLesson.set(r.lessonId, [...(byLesson.get(r.lessonId) ?? []), r.reportId])
    if (byLesson.size > 0) {
      for (const row of await select().where(inArray(lessons.id, [...byLesson.keys()]))) {
        for (const reportId of byLesson.get(row.id) ?? []) found.set(reportId, names(row))
      }
    }
  }
  return found
}
