import { mkdirSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import {
  type ClusterOptions,
  clusterDir,
  type EmbeddedCluster,
  ensureCluster,
  stopCluster,
} from './cluster.ts'
import { withStartLock } from './start-lock.ts'

// One embedded cluster serves every Lektorium process on the same DATA_DIR: a server (or two), the
// ops CLI while a server runs. Each process keeps one connection open for as long as it uses the
// cluster (its change feed, db/change-feed.ts) under its own application_name. The last process
// to leave stops the cluster: on leaving, it counts the other client connections; none left, it
// stops PostgreSQL. Joining and leaving both hold the start lock, so a process that arrives
// while another leaves finds the cluster running, or starts it again — never one being stopped.

const LOCK_TIMEOUT_MS = 330_000

const lockFile = (dataDir: string) => path.join(path.resolve(dataDir), 'postgres.lock')

/**
 * Starts the cluster if needed and runs `attach` (which must open the caller's lasting connection)
 * before another process may decide to stop it.
 */
export function joinCluster<T>(
  dataDir: string,
  options: ClusterOptions,
  attach: (cluster: EmbeddedCluster) => Promise<T>,
): Promise<T> {
  mkdirSync(dataDir, { recursive: true })
  return withStartLock(lockFile(dataDir), LOCK_TIMEOUT_MS, async () =>
    attach(await ensureCluster(dataDir, options)),
  )
}

/** Client connections of other processes (and of people, e.g. psql) than `origin`'s. */
async function otherClients(cluster: EmbeddedCluster, origin: string): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.url('postgres'), application_name: origin })
  await client.connect()
  try {
    const result = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND application_name <> $1`,
      [origin],
    )
    return result.rows[0]?.n ?? 0
  } finally {
    await client.end()
  }
}

/**
 * Called once `origin`'s connections are closed: stops the cluster unless another process still
 * uses it. Returns whether it stopped it.
 */
export function leaveCluster(dataDir: string, cluster: EmbeddedCluster, origin: string): Promise<boolean> {
  return withStartLock(lockFile(dataDir), LOCK_TIMEOUT_MS, async () => {
    if ((await otherClients(cluster, origin).catch(() => 0)) > 0) return false
    await stopCluster(clusterDir(path.resolve(dataDir)))
    return true
  })
}
