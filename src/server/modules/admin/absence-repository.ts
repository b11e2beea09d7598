import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AdminAbsenceReport } from '../../../domain/api/admin-lessons.ts'
import type { Db } from '../../db/client.ts'
import { languages, levels, users } from '../../db/schema.ts'
import { absenceReports, lessons, teacherPenalties } from '../../db/schema-lessons.ts'
import { languageNames, languageRef } from '../dictionaries/public.ts'
import { lessonStatus } from '../lessons/public.ts'
import { attendanceOf, fullName } from './lessons-repository.ts'

// SQL of the school's review of absence reports (product-rules.md "Absence reports"): the queue
// with each claim's lesson, parties and attendance, and the decision.

const reporter = alias(users, 'reporter')
const absentee = alias(users, 'absentee')
const resolver = alias(users, 'resolver')

export type ReportStatus = 'open' | 'accepted' | 'dismissed'

function selectReports(db: Db) {
  return db
    .select({
      report: absenceReports,
      lesson: {
        id: lessons.id,
        startsAt: lessons.startsAt,
        endsAt: lessons.endsAt,
        cancelledAt: lessons.cancelledAt,
        teacherId: lessons.teacherId,
        studentId: lessons.studentId,
      },
      language: languageNames,
      level: levels.name,
      reporter: { id: reporter.id, name: fullName(reporter), email: reporter.email },
      absentee: {
        id: absentee.id,
        name: fullName(absentee),
        email: absentee.email,
        locale: absentee.locale,
        warnedAt: absentee.warnedAt,
        bannedUntil: absentee.bannedUntil,
      },
      // product-rules.md "Teacher penalties": the teacher's financial penalties so far (late
      // cancellations and absences).
      absenteePenalties: sql<number>`(select count(*) from ${teacherPenalties}
        where ${teacherPenalties.teacherId} = ${absentee.id})`.mapWith(Number),
      reporterLocale: reporter.locale,
      resolver: { id: resolver.id, email: resolver.email },
    })
    .from(absenceReports)
    .innerJoin(lessons, eq(lessons.id, absenceReports.lessonId))
    .innerJoin(languages, eq(languages.id, lessons.languageId))
    .innerJoin(levels, eq(levels.id, lessons.levelId))
    .innerJoin(reporter, eq(reporter.id, absenceReports.reporterId))
    .innerJoin(absentee, eq(absentee.id, absenceReports.absenteeId))
    .leftJoin(resolver, eq(resolver.id, absenceReports.resolvedBy))
}

export type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number]

/** The open queue oldest first (first come, first reviewed); decided ones newest decision first. */
export async function listReports(
  db: Db,
  filter: { status: ReportStatus; lessonId?: string; page: number; perPage: number },
): Promise<{ rows: ReportRow[]; more: boolean }> {
  const conditions: (SQL | undefined)[] = [
    eq(absenceReports.status, filter.status),
    filter.lessonId === undefined ? undefined : eq(absenceReports.lessonId, filter.lessonId),
  ]
  const order =
    filter.status === 'open'
      ? [asc(absenceReports.createdAt), asc(absenceReports.id)]
      : [desc(absenceReports.resolvedAt), desc(absenceReports.id)]
  const rows = await selectReports(db)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(filter.perPage + 1)
    .offset((filter.page - 1) * filter.perPage)
  return { rows: rows.slice(0, filter.perPage), more: rows.length > filter.perPage }
}

export async function reportsOfLesson(db: Db, lessonId: string): Promise<ReportRow[]> {
  return selectReports(db)
    .where(eq(absenceReports.lessonId, lessonId))
    .orderBy(asc(absenceReports.createdAt), asc(absenceReports.id))
}

export async function findReport(db: Db, reportId: string): Promise<ReportRow | undefined> {
  const [row] = await selectReports(db).where(eq(absenceReports.id, reportId))
  return row
}

/** Locks the report until the decision commits: two operators cannot both decide it. */
export async function lockReport(tx: Db, reportId: string) {
  const [row] = await tx.select().from(absenceReports).where(eq(absenceReports.id, reportId)).for('update')
  return row
}

export async function setReportDecision(
  tx: Db,
  reportId: string,
  values: {
    status: 'accepted' | 'dismissed'
    resolvedAt: Date
    resolvedBy: string | null
    note: string | null
  },
): Promise<void> {
  await tx
    .update(absenceReports)
    .set({
      status: values.status,
      resolvedAt: values.resolvedAt,
      resolvedBy: values.resolvedBy,
      resolutionNote: values.note,
    })
    .where(eq(absenceReports.id, reportId))
}

/**
 * product-rules.md "Teacher penalties": the teacher's financial penalty for an absence (once per
 * lesson).
 */
export async function insertAbsencePenalty(
  tx: Db,
  values: { teacherId: string; lessonId: string; now: Date },
): Promise<string | null> {
  const [row] = await tx
    .insert(teacherPenalties)
    .values({
      teacherId: values.teacherId,
      lessonId: values.lessonId,
      reason: 'absence',
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: teacherPenalties.id })
  return row?.id ?? null
}

const roleIn = (row: ReportRow, userId: string): 'student' | 'teacher' =>
  userId === row.lesson.teacherId ? 'teacher' : 'student'

/** The reports with their lessons' attendance (one query for all of them). */
export async function toReportDtos(db: Db, rows: ReportRow[], now: Date): Promise<AdminAbsenceReport[]> {
  const attendance = await attendanceOf(db, [...new Set(rows.map((row) => row.lesson.id))])
  return rows.map((row) => {
    const absenteeRole = roleIn(row, row.absentee.id)
    return {
      id: row.report.id,
      lesson: {
        id: row.lesson.id,
        starts_at: row.lesson.startsAt.toISOString(),
        ends_at: row.lesson.endsAt.toISOString(),
        status: lessonStatus(row.lesson, now),
        language: languageRef(row.language),
        level: row.level,
      },
      reporter: {
        id: row.reporter.id,
        name: row.reporter.name,
        email: row.reporter.email,
        role: roleIn(row, row.reporter.id),
      },
      absentee: {
        id: row.absentee.id,
        name: row.absentee.name,
        email: row.absentee.email,
        role: absenteeRole,
        warned_at: absenteeRole === 'student' ? (row.absentee.warnedAt?.toISOString() ?? null) : null,
        banned_until: absenteeRole === 'student' ? (row.absentee.bannedUntil?.toISOString() ?? null) : null,
        penalties: row.absenteePenalties,
      },
      note: row.report.note,
      absentee_joined: row.report.absenteeJoined,
      created_at: row.report.createdAt.toISOString(),
      status: row.report.status,
      resolved_at: row.report.resolvedAt?.toISOString() ?? null,
      resolved_by: row.resolver?.id ? { id: row.resolver.id, email: row.resolver.email } : null,
      resolution_note: row.report.resolutionNote,
      attendance: attendance.get(row.lesson.id) ?? [],
    }
  })
}

export type PenaltyRow = typeof teacherPenalties.$inferSelect

/**
 * product-rules.md "Teacher penalties": the financial penalties recorded on a lesson (a late
 * cancellation, an absence).
 */
export async function penaltiesOfLesson(db: Db, lessonId: string): Promise<PenaltyRow[]> {
  return db
    .select()
    .from(teacherPenalties)
    .where(eq(teacherPenalties.lessonId, lessonId))
    .orderBy(asc(teacherPenalties.createdAt))
}

/** How many penalties of each reason each teacher has (for a list of teachers, one query). */
export async function penaltyCounts(
  db: Db,
  teacherIds: string[],
): Promise<Map<string, { late_cancellation: number; absence: number }>> {
  const result = new Map<string, { late_cancellation: number; absence: number }>()
  if (teacherIds.length === 0) return result
  const rows = await db
    .select({ teacherId: teacherPenalties.teacherId, reason: teacherPenalties.reason, n: count() })
    .from(teacherPenalties)
    .where(inArray(teacherPenalties.teacherId, teacherIds))
    .groupBy(teacherPenalties.teacherId, teacherPenalties.reason)
  for (const row of rows) {
    const counts = result.get(row.teacherId) ?? { late_cancellation: 0, absence: 0 }
    counts[row.reason] = row.n
    result.set(row.teacherId, counts)
  }
  return result
}
