import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import type { LackOfSlotsReport } from '../../../domain/api/language-onboardings.ts'
import type { Db } from '../../db/client.ts'
import { languages, levels, specializations } from '../../db/schema.ts'
import { lackOfSlotsReports, operatorDigests } from '../../db/schema-onboarding.ts'

// Lack-of-slots reports (product-rules.md "Records and fields"): stored once per student, criteria
// and day.

export type NewLackOfSlotsReport = typeof lackOfSlotsReports.$inferInsert
export type LackOfSlotsRow = typeof lackOfSlotsReports.$inferSelect

export const toReport = (row: LackOfSlotsRow): LackOfSlotsReport => ({
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
 * Stores the report unless this student sent the same criteria earlier the same day (then
 * `created` is false and the stored one comes back) or has already sent `perDay` reports that day
 * (then null). One student's reports are stored one at a time, so two concurrent requests store
 * one report and cannot both take the last of the day.
 */
export async function storeOncePerDay(
  db: Db,
  values: NewLackOfSlotsReport,
  perDay: number,
): Promise<{ row: LackOfSlotsRow; created: boolean } | null> {
  const t = lackOfSlotsReports
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`lack-of-slots:${values.studentId}`}, 0))`,
    )
    const ofTheDay = and(eq(t.studentId, values.studentId), eq(t.reportedOn, values.reportedOn))
    const [existing] = await tx
      .select()
      .from(t)
      .where(and(ofTheDay, eq(t.criteria, values.criteria)))
    if (existing) return { row: existing, created: false }
    const [sent] = await tx.select({ count: count() }).from(t).where(ofTheDay)
    if ((sent?.count ?? 0) >= perDay) return null
    const [inserted] = await tx.insert(t).values(values).returning()
    if (!inserted) throw new Error('lack-of-slots report was not stored')
    return { row: inserted, created: true }
  })
}

/**
 * Takes every report no digest has taken yet, oldest first, if the last digest of the school went
 * out `intervalMs` ago or more (or never): at most one digest an interval, whichever server
 * process asks. `due` is when the next one may go, when it may not go yet.
 */
export async function takeForDigest(
  db: Db,
  now: Date,
  intervalMs: number,
): Promise<{ rows: LackOfSlotsRow[]; due?: never } | { rows?: never; due: Date }> {
  const t = lackOfSlotsReports
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`digest:${DIGEST_KIND}`}, 0))`)
    const [last] = await tx
      .select({ sentAt: operatorDigests.sentAt })
      .from(operatorDigests)
      .where(eq(operatorDigests.kind, DIGEST_KIND))
    const due = last ? new Date(last.sentAt.getTime() + intervalMs) : now
    if (due > now) return { due }
    const rows = await tx.update(t).set({ mailedAt: now }).where(isNull(t.mailedAt)).returning()
    if (rows.length === 0) return { rows }
    await tx
      .insert(operatorDigests)
      .values({ kind: DIGEST_KIND, sentAt: now })
      .onConflictDoUpdate({ target: operatorDigests.kind, set: { sentAt: now } })
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    return { rows }
  })
}

/** A digest that could not be sent gives its reports back to the next one. */
export async function releaseFromDigest(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db.update(lackOfSlotsReports).set({ mailedAt: null }).where(inArray(lackOfSlotsReports.id, ids))
}

/** Whether any report waits for a digest. */
export async function anyWaitingForDigest(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: lackOfSlotsReports.id })
    .from(lackOfSlotsReports)
    .where(isNull(lackOfSlotsReports.mailedAt))
    .limit(1)
  return row !== undefined
}

const DIGEST_KIND = 'lack_of_slots'

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
