import type pg from 'pg'
import { newestMigration } from '../../db/migrations-folder.ts'
import type { Lifecycle } from '../../platform/lifecycle.ts'
import type { FileStorage } from '../../platform/storage.ts'

// Whether this process should get requests from a load balancer. Each check answers
// within CHECK_TIMEOUT_MS (a database that hangs must not hang the balancer's probe too).

export type Check = 'ok' | 'failed'
export type Readiness = {
  ready: boolean
  checks: { database: Check; migrations: Check; storage: Check; draining: boolean }
}

const CHECK_TIMEOUT_MS = 2000

function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

const verdict = (work: Promise<unknown>): Promise<Check> =>
  within(work).then(
    () => 'ok',
    () => 'failed',
  )

export async function checkReadiness(ctx: {
  pool: pg.Pool
  storage: FileStorage
  lifecycle: Lifecycle
}): Promise<Readiness> {
  // Migrations applied: drizzle records each by its journal time; the newest must be there (a
  // newer node may have applied more: docs/deploy.md, migrations before nodes).
  const migrated = within(
    ctx.pool.query<{ newest: string | null }>(
      'SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations',
    ),
  ).then((result) => {
    if (Number(result.rows[0]?.newest ?? 0) < newestMigration()) throw new Error('migrations missing')
  })
  const [database, migrations, storage] = await Promise.all([
    verdict(ctx.pool.query('SELECT 1')),
    verdict(migrated),
    verdict(ctx.storage.reachable()),
  ])
  const draining = ctx.lifecycle.draining
  const ready = database === 'ok' && migrations === 'ok' && storage === 'ok' && !draining
  return { ready, checks: { database, migrations, storage, draining } }
}
