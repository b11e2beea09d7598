import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import {
  chmodSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts'
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.ts'
import { binariesCopy, postgresBinaries } from './binaries.ts'
import { clusterDir, stopCluster } from './cluster.ts'
import { postgresRunAs, SHARED_HOME } from './os-user.ts'

// A fresh server, as root, from a clone in a folder closed to others (a clone in /root, mode 700):
// PostgreSQL runs as the system user `postgres`, which cannot pass that folder, so the cluster's
// files go under /var/lib/lektorium with DATA_DIR/postgres a link to them. It serves /login; a
// second server and `ops` on the same DATA_DIR reach the same database; a restart keeps the data.
// A cluster made in such a folder by an earlier version gets one sentence, no stack trace.

const OPS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'cli', 'ops.ts')
const isRoot = process.getuid?.() === 0
const STUDENT = 'marta.dabrowska@demo.lektorium.pl'

/** A clone's folder inside a folder only root may enter, with a built web app of its own. */
function closedClone(): { closed: string; clone: string; dataDir: string } {
  const closed = mkdtempSync(path.join(tmpdir(), 'lk-root-home-'))
  chmodSync(closed, 0o700)
  const clone = path.join(closed, 'lektorium')
  mkdirSync(path.join(clone, 'dist'), { recursive: true })
  writeFileSync(path.join(clone, 'dist', 'index.html'), '<!doctype html><title>Lektorium</title>')
  return { closed, clone, dataDir: path.join(clone, 'data') }
}

async function ops(dataDir: string, ...args: string[]) {
  const run = promisify(execFile)
  return run(process.execPath, [OPS, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info' },
  })
}

async function signIn(server: ServerProcess, email: string): Promise<number> {
  const response = await fetch(`${server.url}/api/v1/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  return response.status
}

describe.skipIf(!isRoot)('the first start as root from a clone in a closed folder (needs root)', () => {
  let closed = ''
  let clone = ''
  let dataDir = ''
  let env: Record<string, string> = {}
  let a: ServerProcess | undefined
  let b: ServerProcess | undefined
  let moved = ''
  beforeAll(async () => {
    ;({ closed, clone, dataDir } = closedClone())
    env = { DATA_DIR: dataDir, DEMO_DATA: 'true' }
    a = await startServerProcess(env, 120_000, clone)
  }, 180_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await stopCluster(clusterDir(dataDir))
    if (moved) rmSync(path.dirname(moved), { recursive: true, force: true })
    rmSync(closed, { recursive: true, force: true })
  })

  it('serves /login, with the database files where the user postgres can reach them', async () => {
    const login = await fetch(`${a?.url}/login`)
    expect(login.status).toBe(200)
    expect(await login.text()).toContain('<title>Lektorium</title>')
    expect(lstatSync(clusterDir(dataDir)).isSymbolicLink()).toBe(true)
    moved = readlinkSync(clusterDir(dataDir))
    expect(moved.startsWith(`${SHARED_HOME}/`)).toBe(true)
  })

  it('lets a second server and ops share the database, and keeps it over a restart', async () => {
    if (!a) throw new Error('no server')
    b = await startServerProcess(env, 120_000, clone)
    // The demo accounts the first server seeded sign in on the second.
    expect(await signIn(b, STUDENT)).toBe(200)
    const changed = await ops(dataDir, 'settings', '--ban-duration', '17')
    expect(changed.stdout).toContain('ban_duration: 17 days')
    // The command says where the files are.
    expect(changed.stderr).toContain(`PostgreSQL's files are in ${moved}`)
    expect((await ops(dataDir, 'pending-teachers')).stdout).toContain('ewa.wozniak@demo.lektorium.pl')

    await Promise.all([a.stop(), b.stop()])
    b = undefined
    a = await startServerProcess(env, 120_000, clone)
    expect(await signIn(a, STUDENT)).toBe(200)
    expect((await ops(dataDir, 'settings')).stdout).toContain('ban_duration: 17 days')
  }, 240_000)

  it('runs a copy of the binaries as postgres when their node_modules is closed to it', async () => {
    const user = postgresRunAs()
    if (!user) throw new Error('not root')
    const own = path.dirname(path.dirname(postgresBinaries().postgres))
    const inClosed = path.join(closed, 'native')
    cpSync(own, inClosed, { recursive: true, verbatimSymlinks: true })
    const version = `test-${randomUUID()}`
    try {
      const copy = binariesCopy(inClosed, version, user)
      expect(copy.initdb).toBe(path.join(SHARED_HOME, `postgres-${version}`, 'bin', 'initdb'))
      const run = promisify(execFile)
      const { stdout } = await run(copy.initdb, ['--version'], { uid: user.uid, gid: user.gid })
      expect(stdout).toMatch(/initdb \(PostgreSQL\) \d+/)
    } finally {
      rmSync(path.join(SHARED_HOME, `postgres-${version}`), { recursive: true, force: true })
      rmSync(inClosed, { recursive: true, force: true })
    }
  })

  it('names the closed folder in one sentence when a cluster of an earlier version sits in it', async () => {
    const older = closedClone()
    mkdirSync(path.join(older.dataDir, 'postgres'), { recursive: true })
    writeFileSync(path.join(older.dataDir, 'postgres', 'PG_VERSION'), '18\n')
    try {
      const failed = await startServerProcess({ DATA_DIR: older.dataDir }, 60_000, older.clone).then(
        async (server) => {
          await server.stop()
          return ''
        },
        (error: unknown) => String(error),
      )
      expect(failed).toContain(
        `cannot reach the data directory ${older.dataDir} because ${older.closed} is closed to it (mode 700): allow it to pass with "chmod o+x ${older.closed}"`,
      )
      expect(failed).not.toMatch(/\n\s+at /)
    } finally {
      rmSync(older.closed, { recursive: true, force: true })
    }
  })
})
