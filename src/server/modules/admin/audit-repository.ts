import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { auditLog } from '../../db/schema-admin.ts'

// The audit log: every operator action, from the console or the ops CLI, is written
// by the service that makes the change, in that change's transaction (pass the transaction as
// `db`), so an action and its entry are committed or rolled back together. There is no update or
// delete here, and the database refuses both (migration 0020's trigger).

/** Who acted: the ops CLI (a person at the server's terminal) or a signed-in operator. */
export type AuditActor = { kind: 'cli' } | { kind: 'operator'; id: string; email: string }

export const CLI_ACTOR: AuditActor = { kind: 'cli' }

export type AuditEntry = {
  action: string
  targetType: string
  targetId: string | null
  before: unknown
  after: unknown
}

export async function writeAudit(db: Db, actor: AuditActor, entry: AuditEntry, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    at: now,
    actorKind: actor.kind,
    actorId: actor.kind === 'operator' ? actor.id : null,
    actorEmail: actor.kind === 'operator' ? actor.email : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}

export type AuditFilter = {
  action?: string
  targetType?: string
  targetId?: string
  actorId?: string
  from?: Date
  to?: Date
  page: number
  perPage: number
}

export type AuditRow = typeof auditLog.$inferSelect

/** Newest first; one more row than a page is read to tell whether another page follows. */
export async function listAudit(db: Db, filter: AuditFilter): Promise<{ rows: AuditRow[]; more: boolean }> {
  const conditions: (SQL | undefined)[] = [
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.targetType === undefined ? undefined : eq(auditLog.targetType, filter.targetType),
    filter.targetId === undefined ? undefined : eq(auditLog.targetId, filter.targetId),
    filter.actorId === undefined ? undefined : eq(auditLog.actorId, filter.actorId),
    filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
    filter.to === undefined ? undefined : lt(auditLog.at, filter.to),
  ]
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.perPage + 1)
    .offset((filter.page - 1) * filter.perPage)
  return { rows: rows.slice(0, filter.perPage), more: rows.length > filter.perPage }
}
