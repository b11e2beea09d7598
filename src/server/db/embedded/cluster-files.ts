import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { StartError } from '../../platform/start-error.ts'
import { postgresBinaries } from './binaries.ts'
import type { RunAs } from './os-user.ts'
import { isAlive } from './processes.ts'

// The files of the embedded cluster under DATA_DIR: `postgres/` (the cluster, owned by the user
// PostgreSQL runs as, mode 0700 as PostgreSQL demands) and `postgres-password` (the generated
// password of its superuser, mode 0600, readable by the app's user only).

export const SUPERUSER = 'lektorium'
const PASSWORD_FILE = 'postgres-password'

/** Makes a rename or a new file in `dir` durable (a power cut must not undo it). */
export function syncDir(dir: string): void {
  const fd = openSync(dir, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** The cluster's password: generated once, kept in DATA_DIR/postgres-password (0600). */
export function clusterPassword(dataDir: string, pgDir: string): string {
  const file = path.join(dataDir, PASSWORD_FILE)
  if (existsSync(file)) {
    // Owner-only, whatever a copy or a restore left.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
    return readFileSync(file, 'utf8').trim()
  }
  if (existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new StartError(
      `${file} is missing, and the database in ${pgDir} cannot be opened without it: restore the file (it was created with the database), or move ${pgDir} away to start with an empty database.`,
    )
  }
  const password = randomBytes(24).toString('base64url')
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, `${password}\n`, { mode: 0o600, flush: true })
  renameSync(tmp, file)
  syncDir(dataDir)
  return password
}

function chownTo(target: string, user: RunAs): void {
  if (user) chownSync(target, user.uid, user.gid)
}

function run(file: string, args: string[], user: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`${path.basename(file)} failed (exit ${code}):\n${output.trim()}`))
    })
  })
}

/** Removes what an initdb interrupted by a crash left (`postgres.init-<pid>` of a dead process). */
function removeAbandonedInits(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    const pid = /^postgres\.init-(\d+)$/.exec(name)?.[1]
    if (pid && !isAlive(Number(pid))) rmSync(path.join(dataDir, name), { recursive: true, force: true })
  }
}

/**
 * Creates the cluster in `pgDir` unless it exists: initdb into a directory of its own, renamed into
 * place when complete, so a crash mid-way never leaves a half-made cluster where one is expected.
 */
export async function initCluster(
  dataDir: string,
  pgDir: string,
  password: string,
  user: RunAs,
  throwaway: boolean,
): Promise<boolean> {
  if (existsSync(path.join(pgDir, 'PG_VERSION'))) return false
  if (existsSync(pgDir) && readdirSync(pgDir).length > 0) {
    throw new StartError(`${pgDir} is not empty but holds no PostgreSQL database: move it away first.`)
  }
  removeAbandonedInits(dataDir)
  const tmp = path.join(dataDir, `postgres.init-${process.pid}`)
  const pwfile = path.join(dataDir, `.postgres-pwfile-${process.pid}`)
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { mode: 0o700 })
  chownTo(tmp, user)
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 })
  chownTo(pwfile, user)
  try {
    await run(
      postgresBinaries().initdb,
      [
        `--pgdata=${tmp}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Code-point order and Unicode case rules whatever locales the machine has (PGlite and
        // Debian's clusters sorted in "C" too); English server messages.
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-instructions',
        ...(throwaway ? ['--no-sync'] : []),
      ],
      user,
    )
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true })
    throw error
  } finally {
    rmSync(pwfile, { force: true })
  }
  try {
    renameSync(tmp, pgDir)
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true })
    // Another process initialised it at the same moment: use theirs.
    if (existsSync(path.join(pgDir, 'PG_VERSION'))) return false
    throw error
  }
  syncDir(dataDir)
  return true
}

/**
 * PostgreSQL runs only on a data directory its user owns with mode 0700 or 0750. A restored
 * backup or a copy made by root may have neither: put both right before starting.
 */
export function fixOwnership(pgDir: string, user: RunAs): void {
  const info = statSync(pgDir)
  if (user && (info.uid !== user.uid || info.gid !== user.gid)) {
    execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, pgDir])
  }
  if ((info.mode & 0o027) !== 0) chmodSync(pgDir, 0o700)
}
