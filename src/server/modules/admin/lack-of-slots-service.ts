import type { LackOfSlotsGroupKey, LackOfSlotsReportDto } from '../../../domain/api/admin-overview.ts'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { type AuditActor, writeAudit } from './audit-repository.ts'
import {
  existingReportIds,
  type HandleTarget,
  type LackOfSlotsFilter,
  lackOfSlotsGroups,
  latestReports,
  markHandled,
  type ReportRow,
} from './lack-of-slots-repository.ts'

// The console's lack-of-slots requests (Lack-of-slots report, product-rules.md "Records and
// fields"): what students asked for and found no teacher, grouped by the language to learn, the
// level and the hour of the day (Poland) the school would have to staff; an operator marks requests
// handled (audited).

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
  const groups = await lackOfSlotsGroups(ctx.db, filter)
  const page = groups.slice(0, filter.perPage)
  const keys = page.map((g) => ({ taught_language: g.taughtLanguage, level: g.level, hour: g.hour }))
  const latest = new Map<string, LackOfSlotsReportDto[]>()
  if (keys.length > 0) {
    const rows = await latestReports(ctx.db, filter, keys)
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
    let target: HandleTarget
    if ('ids' in input) {
      const wanted = [...new Set(input.ids)]
      const found = await existingReportIds(tx, wanted)
      const missing = input.ids.findIndex((id) => !found.has(id))
      if (missing >= 0)
        throw new AppError('validation_failed', {
          errors: [
            { field: `ids.${missing}`, message: 'No lack-of-slots request with this id', code: 'invalid' },
          ],
        })
      target = { ids: wanted }
    } else {
      const until = input.until ?? now
      target = { group: input.group, until }
    }
    const changed = await markHandled(tx, target, now, actor.kind === 'operator' ? actor.id : null)
    const ids = changed.sort()
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
