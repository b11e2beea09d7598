import { and, asc, eq, gte, inArray } from 'drizzle-orm'
import type { LackOfSlotsReport } from '../../../domain/api/language-onboardings.ts'
import type { Db } from '../../db/client.ts'
import { languages, levels, specializations } from '../../db/schema.ts'
import { lackOfSlotsReports } from '../../db/schema-onboarding.ts'

// Lack-of-slots reports (spec §3, issue #14 item 4): stored once per student, criteria and day.

export type NewLackOfSlotsReport = typeof lackOfSlotsReports.$inferInsert
type Row = typeof lackOfSlotsReports.$inferSelect

export const toReport = (row: Row): LackOfSlotsReport => ({
  id: row.id,
  student_full_name: row.studentFullName,
  student_email: row.studentEmail,
  student_phone_number: row.studentPhoneNumber,
  teaching_language: row.teachingLanguage,
  taught_language: row.taughtLanguage,
  level: row.level,
  specialization: row.specialization,
  date: row.date,
  hour: row.hour,
  reported_at: row.createdAt.toISOString(),
})

/**
 * Stores the report unless this student sent the same criteria earlier the same day (the unique
 * index decides, so two concurrent requests store one). `created` says which happened.
 */
export async function storeOncePerDay(
  db: Db,
  values: NewLackOfSlotsReport,
): Promise<{ row: Row; created: boolean }> {
  const [inserted] = await db.insert(lackOfSlotsReports).values(values).onConflictDoNothing().returning()
  if (inserted) return { row: inserted, created: true }
  const [existing] = await db
    .select()
    .from(lackOfSlotsReports)
    .where(
      and(
        eq(lackOfSlotsReports.studentId, values.studentId),
        eq(lackOfSlotsReports.criteria, values.criteria),
        eq(lackOfSlotsReports.reportedOn, values.reportedOn),
      ),
    )
  if (!existing) throw new Error('lack-of-slots report vanished between insert and select')
  return { row: existing, created: false }
}

/** The reports made at or after `since` (all without it), oldest first: the operator's list. */
export async function listReports(db: Db, since: Date | null): Promise<LackOfSlotsReport[]> {
  const rows = await db
    .select()
    .from(lackOfSlotsReports)
    .where(since ? gte(lackOfSlotsReports.createdAt, since) : undefined)
    .orderBy(asc(lackOfSlotsReports.createdAt), asc(lackOfSlotsReports.id))
  return rows.map(toReport)
}

/** English names of the dictionary entries a report names; a missing id is absent from its map. */
export async function dictionaryNames(
  db: Db,
  ids: { languages: number[]; level: number; specialization: number | null },
) {
  const languageRows = await db
    .select({ id: languages.id, name: languages.name })
    .from(languages)
    .where(inArray(languages.id, ids.languages))
  const [level] = await db.select({ name: levels.name }).from(levels).where(eq(levels.id, ids.level))
  const [specialization] =
    ids.specialization === null
      ? []
      : await db
          .select({ name: specializations.name })
          .from(specializations)
          .where(eq(specializations.id, ids.specialization))
  return {
    language: new Map(languageRows.map((row) => [row.id, row.name])),
    level: level?.name ?? null,
    specialization: specialization?.name ?? null,
  }
}
