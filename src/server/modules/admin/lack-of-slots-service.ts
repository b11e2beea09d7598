import { and, count, desc, eq, inArray, isNotNull, isNull, lte, max, min, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  LACK_OF_SLOTS_LATEST,
  type LackOfSlotsGroupKey,
  type LackOfSlotsReportDto,
} from '../../../domain/api/admin-overview.ts'
import type { ServiceContext } from '../../context.ts'
import { users } from '../../db/schema.ts'
import { lackOfSlotsReports as r } from '../../db/schema-onboarding.ts'
import { AppError } from '../../platform/errors.ts'
import { type AuditActor, writeAudit } from './audit.ts'

// The console's lack-of-slots requests (Lack-of-slots report, product-rules.md "Records and
// fields"): what students asked for and found no teacher, grouped by the language to learn, the
// level and the hour of the day (Poland) the school would have to staff; an operator marks requests
// handled (audited).

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

type ReportRow = { report: typeof r.$inferSelect; handler: { id: string; email: string } | null }

const toReportDto = ({ report, handler: by }: ReportRow): LackOfSlotsReportDto => ({
  id: report.id,
  created_at: report.createdAt.toISOString(),
  student: {
    id: report.studentId,
    name: report.studentFullName,
    email: report.studentEmail,
    phone_number: report.studentPhoneNumber,
  },
  taught_language: report.taughtLanguage,
  teaching_language: report.teachingLanguage,
  level: report.level,
  specialization: report.specialization,
  date: report.date,
  hour: report.hour,
  handled_at: report.handledAt?.toISOString() ?? null,
  handled_by: by?.id ? { id: by.id, email: by.email } : null,
})

/** The groups with the most requests first, each with its newest few requests. */
export async function listLackOfSlotsGroups(ctx: Pick<ServiceContext, 'db'>, filter: LackOfSlotsFilter) {
  const where = filterOf(filter)
  const groups = await ctx.db
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
  const page = groups.slice(0, filter.perPage)
  const keys = page.map((g) => ({ taught_language: g.taughtLanguage, level: g.level, hour: g.hour }))
  const latest = new Map<string, LackOfSlotsReportDto[]>()
  if (keys.length > 0) {
    const ranked = ctx.db
      .select({
        id: r.id,
        rank: sql<number>`row_number() over (partition by ${r.taughtLanguage}, ${r.level}, ${hourOf}
          order by ${r.createdAt} desc, ${r.id} desc)`.as('rank'),
      })
      .from(r)
      .where(and(where, inGroups(keys)))
      .as('ranked')
    const ids = (
      await ctx.db.select({ id: ranked.id }).from(ranked).where(lte(ranked.rank, LACK_OF_SLOTS_LATEST))
    ).map((row) => row.id)
    const rows =
      ids.length === 0
        ? []
        : await ctx.db
            .select({ report: r, handler: { id: handler.id, email: handler.email } })
            .from(r)
            .leftJoin(handler, eq(handler.id, r.handledBy))
            .where(inArray(r.id, ids))
            .orderBy(desc(r.createdAt), desc(r.id))
    for (const row of rows) {
      const key = groupKeyText({
        taught_language: row.report.taughtLanguage,
        level: row.report.level,
        hour: row.report.hour.slice(0, 2),
      })
      latest.set(key, [...(latest.get(key) ?? []), toReportDto(row)])
    }
  }
  return {
    groups: page.map((g, i) => ({
      key: keys[i] ?? { taught_language: g.taughtLanguage, level: g.level, hour: g.hour },
      count: g.count,
      unhandled: g.unhandled,
      teaching_languages: [...g.teachingLanguages].sort(),
      first_at: (g.firstAt ?? new Date(0)).toISOString(),
      last_at: (g.lastAt ?? new Date(0)).toISOString(),
      latest: latest.get(groupKeyText(keys[i] ?? { taught_language: '', level: '', hour: '' })) ?? [],
    })),
    more: groups.length > filter.perPage,
  }
}

// At most 200 characters, as the audit log's target_id.
const groupKeyText = (key: LackOfSlotsGroupKey) =>
  `${key.taught_language}|${key.level}|${key.hour}`.slice(0, 200)

export type HandleInput = { ids: string[] } | { group: LackOfSlotsGroupKey; until?: Date }

/** Marks requests handled (those already handled stay as they were); audited when any changed. */
export async function handleLackOfSlots(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  input: HandleInput,
  actor: AuditActor,
): Promise<{ handled: number; ids: string[] }> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    let target: SQL | undefined
    if ('ids' in input) {
      const wanted = [...new Set(input.ids)]
      const found = new Set(
        (await tx.select({ id: r.id }).from(r).where(inArray(r.id, wanted))).map((x) => x.id),
      )
      const missing = input.ids.findIndex((id) => !found.has(id))
      if (missing >= 0)
        throw new AppError('validation_failed', {
          errors: [
            { field: `ids.${missing}`, message: 'No lack-of-slots request with this id', code: 'invalid' },
          ],
        })
      target = inArray(r.id, wanted)
    } else {
      const until = input.until ?? now
      target = and(inGroups([input.group]), lte(r.createdAt, until))
    }
    const changed = await tx
      .update(r)
      .set({ handledAt: now, handledBy: actor.kind === 'operator' ? actor.id : null })
      .where(and(target, isNull(r.handledAt)))
      .returning({ id: r.id })
    const ids = changed.map((row) => row.id).sort()
    if (ids.length > 0) {
      await writeAudit(
        tx,
        actor,
        {
          action: 'lack_of_slots.handle',
          targetType: 'lack_of_slots_report',
          targetId: 'ids' in input ? (ids.length === 1 ? (ids[0] ?? null) : null) : groupKeyText(input.group),
          before: { ids, handled_at: null },
          after: { ids, handled_at: now.toISOString() },
        },
        now,
      )
    }
    return { handled: ids.length, ids }
  })
}
