import { and, count, desc, eq, inArray, isNotNull, isNull, lte, max, min, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { LACK_OF_SLOTS_LATEST, type LackOfSlotsGroupKey } from '../../../domain/api/admin-overview.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { lackOfSlotsReports as r } from '../../db/schema-onboarding.ts'

// The lack-of-slots requests' SQL (docs/decisions.md "All SQL in repositories"): grouped by the
// language to learn, the level and the hour (Poland), each group's newest requests, and the
// handled marks. lack-of-slots-service.ts makes the console's answers of them.

const handler = alias(users, 'handler')
const hourOf = sql<string>`substr(${r.hour}, 1, 2)`

export type LackOfSlotsFilter = {
  handled: 'unhandled' | 'handled' | 'all'
  taughtLanguage?: string
  page: number
  perPage: number
}

const filterOf = (filter: Pick<LackOfSlotsFilter, 'handled' | 'taughtLanguage'>): SQL | undefined =>
  and(
    filter.handled === 'unhandled' ? isNull(r.handledAt) : undefined,
    filter.handled === 'handled' ? isNotNull(r.handledAt) : undefined,
    filter.taughtLanguage === undefined ? undefined : eq(r.taughtLanguage, filter.taughtLanguage),
  )

const inGroups = (groups: LackOfSlotsGroupKey[]): SQL =>
  sql`(${r.taughtLanguage}, ${r.level}, ${hourOf}) in (${sql.join(
    groups.map((g) => sql`(${g.taught_language}, ${g.level}, ${g.hour})`),
    sql`, `,
  )})`

export type ReportRow = { report: typeof r.$inferSelect; handler: { id: string; email: string } | null }

/** A page of groups (one more than a page: another follows), the most requests first. */
export async function lackOfSlotsGroups(db: Db, filter: LackOfSlotsFilter) {
  const where = filterOf(filter)
  const groups = await db
    .select({
      taughtLanguage: r.taughtLanguage,
      level: r.level,
      hour: hourOf,
      count: count(),
      unhandled: sql<number>`count(*) filter (where ${r.handledAt} is null)`.mapWith(Number),
      teachingLanguages: sql<string[]>`array_agg(distinct ${r.teachingLanguage})`,
      firstAt: min(r.createdAt),
      lastAt: max(r.createdAt),
    })
    .from(r)
    .where(where)
    .groupBy(r.taughtLanguage, r.level, hourOf)
    .orderBy(desc(count()), desc(max(r.createdAt)), r.taughtLanguage, r.level, hourOf)
    .limit(filter.perPage + 1)
    .offset((filter.page - 1) * filter.perPage)
  return groups
}

/** The newest LACK_OF_SLOTS_LATEST requests of each group, newest first, with who handled them. */
export async function latestReports(
  db: Db,
  filter: Pick<LackOfSlotsFilter, 'handled' | 'taughtLanguage'>,
  keys: LackOfSlotsGroupKey[],
): Promise<ReportRow[]> {
  const where = filterOf(filter)
  const ranked = db
    .select({
      id: r.id,
      rank: sql<number>`row_number() over (partition by ${r.taughtLanguage}, ${r.level}, ${hourOf}
        order by ${r.createdAt} desc, ${r.id} desc)`.as('rank'),
    })
    .from(r)
    .where(and(where, inGroups(keys)))
    .as('ranked')
  const ids = (
    await db.select({ id: ranked.id }).from(ranked).where(lte(ranked.rank, LACK_OF_SLOTS_LATEST))
  ).map((row) => row.id)
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ report: r, handler: { id: handler.id, email: handler.email } })
          .from(r)
          .leftJoin(handler, eq(handler.id, r.handledBy))
          .where(inArray(r.id, ids))
          .orderBy(desc(r.createdAt), desc(r.id))
  return rows
}

/** Which of the requests `ids` exist. */
export async function existingReportIds(tx: Db, ids: string[]): Promise<Set<string>> {
  return new Set((await tx.select({ id: r.id }).from(r).where(inArray(r.id, ids))).map((x) => x.id))
}

/** Requests by id, or a group's made until a moment. */
export type HandleTarget = { ids: string[] } | { group: LackOfSlotsGroupKey; until: Date }

/** Marks the target's unhandled requests handled; their ids. */
export async function markHandled(
  tx: Db,
  target: HandleTarget,
  now: Date,
  by: string | null,
): Promise<string[]> {
  const which =
    'ids' in target
      ? inArray(r.id, target.ids)
      : and(inGroups([target.group]), lte(r.createdAt, target.until))
  const changed = await tx
    .update(r)
    .set({ handledAt: now, handledBy: by })
    .where(and(which, isNull(r.handledAt)))
    .returning({ id: r.id })
  return changed.map((row) => row.id)
}
