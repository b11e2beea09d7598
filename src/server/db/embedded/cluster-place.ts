import { createHash } from 'node:crypto'
import { lstatSync, mkdirSync, readlinkSync, renameSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { syncDir } from './cluster-files.ts'
import { blockedParent, makeReachable, type RunAs, SHARED_HOME } from './os-user.ts'

// Where the embedded cluster's files live (docs/decisions.md "The first start as root"). Normally
// in DATA_DIR/postgres. Started by root from a folder the system user `postgres` cannot pass (a
// clone in /root, mode 700), they go under SHARED_HOME instead and DATA_DIR/postgres is a link to
// them: every process of the DATA_DIR (a second server, `ops`, a restart) follows the link.

export type ClusterPlace = {
  /** The folder that holds the cluster (initdb works in it, then renames into `pgDir`). */
  home: string
  /** The cluster's own folder, links resolved. */
  pgDir: string
  /** Whether the files are outside DATA_DIR (the log says where). */
  moved: boolean
}

function symlinkTarget(link: string): string | null {
  try {
    return lstatSync(link).isSymbolicLink() ? path.resolve(path.dirname(link), readlinkSync(link)) : null
  } catch {
    return null
  }
}

const exists = (file: string) => {
  try {
    lstatSync(file)
    return true
  } catch {
    return false
  }
}

/** A folder of its own per DATA_DIR: readable names, and a hash so two clones never share one. */
export function sharedHomeOf(dataDir: string): string {
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 10)
  const name = `${path.basename(path.dirname(dataDir))}-${path.basename(dataDir)}`.replaceAll(
    /[^A-Za-z0-9._-]/g,
    '_',
  )
  return path.join(SHARED_HOME, `${name}-${hash}`)
}

/** Decides (once, under the start lock) and returns where the cluster of `dataDir` lives. */
export function placeCluster(dataDir: string, user: RunAs): ClusterPlace {
  const link = path.join(dataDir, 'postgres')
  const target = symlinkTarget(link)
  if (target) {
    makeReachable(path.dirname(target), user, 'the database folder')
    return { home: path.dirname(target), pgDir: target, moved: true }
  }
  if (exists(link) || !user || blockedParent(dataDir, user) === null) {
    // A cluster already in DATA_DIR stays there: a closed parent is named, to be opened.
    makeReachable(dataDir, user, 'the data directory')
    return { home: dataDir, pgDir: link, moved: false }
  }
  const home = sharedHomeOf(dataDir)
  mkdirSync(home, { recursive: true, mode: 0o755 })
  makeReachable(home, user, 'the database folder')
  const pgDir = path.join(home, 'postgres')
  // Left by an earlier DATA_DIR of this path that was deleted (its password went with it): set
  // aside, never removed.
  if (exists(pgDir) && !exists(path.join(dataDir, 'postgres-password'))) {
    renameSync(pgDir, `${pgDir}.left-${process.pid}-${Date.now()}`)
  }
  symlinkSync(pgDir, link)
  syncDir(dataDir)
  return { home, pgDir, moved: true }
}
