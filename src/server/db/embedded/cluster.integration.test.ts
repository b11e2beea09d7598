import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../client.ts'
import { clusterDir, stopCluster } from './cluster.ts'
import { postgresRunAs } from './os-user.ts'
import { isAlive, pidFileOf, processesOn, readPidFile, waitForExit } from './processes.ts'

// The embedded PostgreSQL's own life (docs/decisions.md "One database engine"): created on first
// use with its secrets kept private, joined rather than started twice, stopped by the last
// process to leave, and started again whatever a crash left behind.

const silent = { info: () => {}, error: () => {} }
let dataDir: string
let pgDir: string
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lk-cluster-'))
  pgDir = clusterDir(dataDir)
})
afterAll(async () => {
  await stopCluster(pgDir)
  rmSync(dataDir, { recursive: true, force: true })
})

const open = () => openDatabase({ dataDir, log: silent })
const COUNT_KEPT = 'SELECT count(*)::int AS n FROM kept'
/** As the owner, who made the table (the app's role may not). */
async function asOwner(database: Database, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: database.ownerUrl })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

describe('the embedded PostgreSQL', () => {
  it('is created on first use, private to its owner, shared by a second user and stopped by the last to leave', async () => {
    const first = await open()
    const postmaster = readPidFile(pgDir)
    const second = await open()
    expect(readPidFile(pgDir)?.pid).toBe(postmaster?.pid)
    await asOwner(first, 'CREATE TABLE kept (id int)')
    await asOwner(first, 'INSERT INTO kept VALUES (1)')
    expect(statSync(path.join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600)
    const info = statSync(pgDir)
    expect(info.mode & 0o777).toBe(0o700)
    const user = postgresRunAs()
    if (user) expect(info.uid).toBe(user.uid)
    await first.close()
    expect(isAlive(postmaster?.pid ?? 0)).toBe(true)
    await second.close()
    expect(processesOn(pgDir)).toEqual([])
  })

  it('starts again after its postmaster was killed, with what was committed', async () => {
    const before = await open()
    const postmaster = readPidFile(pgDir)
    if (!postmaster) throw new Error('no postmaster.pid')
    const all = processesOn(pgDir)
    for (const pid of all) process.kill(pid, 'SIGKILL')
    await waitForExit(all, 10_000)
    await before.close().catch(() => undefined)
    const after = await open()
    try {
      expect(readPidFile(pgDir)?.pid).not.toBe(postmaster.pid)
      expect(await asOwner(after, COUNT_KEPT)).toEqual([{ n: 1 }])
    } finally {
      await after.close()
    }
  })

  it('starts when a stale postmaster.pid names a live process that is not PostgreSQL', async () => {
    // After a reboot the pid in the file may belong to anyone: here, this test's own process.
    writeFileSync(pidFileOf(pgDir), `${process.pid}\n${pgDir}\n0\n5432\n${pgDir}\n\n0 0\nready\n`)
    const database = await open()
    try {
      expect(readPidFile(pgDir)?.pid).not.toBe(process.pid)
      expect(await asOwner(database, COUNT_KEPT)).toEqual([{ n: 1 }])
    } finally {
      await database.close()
    }
  })
})
