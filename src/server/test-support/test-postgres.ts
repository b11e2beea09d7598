import { rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { clusterDir } from '../db/embedded/cluster.ts'
import { joinCluster, leaveCluster } from '../db/embedded/shared-cluster.ts'
import { createTestRoles } from './test-roles.ts'

// Vitest's globalSetup for the integration tests: the PostgreSQL they run on, once per run. With
// TEST_DATABASE_URL (an admin URL: CI's Debian PostgreSQL, the oldest version we support) that
// one; otherwise a throw-away embedded cluster under .tmp/test-postgres (no fsync), so
// `npm test` needs nothing but `npm install`. Each test file creates and drops its own database
// on it (test-database.ts), owned by a test owner role and used by a test app role
// (test-roles.ts), as the app's own roles are.

declare module 'vitest' {
  export interface ProvidedContext {
    /** An admin connection URL: test files create their databases through it. */
    testDatabaseUrl: string
  }
}

const DATA_DIR = path.resolve('.tmp/test-postgres')
const ORIGIN = `lektorium-tests:${process.pid}`
const quiet = { info: () => {} }

let leave: (() => Promise<unknown>) | undefined

async function join(): Promise<{ url: string; presence: pg.Client }> {
  return joinCluster(DATA_DIR, { log: quiet, throwaway: true }, async (cluster) => {
    // Held until teardown: another test run on this tree then shares the cluster, and the last
    // run to finish stops it (db/embedded/shared-cluster.ts).
    const presence = new pg.Client({ connectionString: cluster.url('postgres'), application_name: ORIGIN })
    await presence.connect()
    leave = async () => {
      await presence.end()
      await leaveCluster(DATA_DIR, cluster, ORIGIN)
    }
    return { url: cluster.url('postgres'), presence }
  })
}

/** Databases of test files that a killed run never dropped. */
async function dropLeftovers(client: pg.Client): Promise<void> {
  const others = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname LIKE 'lektorium_t_%'",
  )
  if ((others.rows[0]?.n ?? 0) > 0) return // another run is using the cluster
  const names = await client.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'lektorium_t_%'",
  )
  for (const { datname } of names.rows) {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`)
  }
}

export async function setup(project: TestProject): Promise<void> {
  const external = process.env.TEST_DATABASE_URL
  if (external) {
    await createTestRoles(external)
    project.provide('testDatabaseUrl', external)
    return
  }
  let joined: { url: string; presence: pg.Client }
  try {
    joined = await join()
  } catch {
    // A throw-away cluster (fsync off) may not survive a crash of the machine: start afresh.
    rmSync(clusterDir(DATA_DIR), { recursive: true, force: true })
    joined = await join()
  }
  await dropLeftovers(joined.presence)
  await createTestRoles(joined.url)
  project.provide('testDatabaseUrl', joined.url)
}

export async function teardown(): Promise<void> {
  await leave?.()
}
