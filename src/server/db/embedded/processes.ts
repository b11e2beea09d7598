import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs'
import path from 'node:path'

// What runs on an embedded cluster's data directory. PostgreSQL writes postmaster.pid (its pid,
// port, socket directory, status) while it runs; after a crash of the machine or a kill -9 the
// file stays behind, and its pid may by then belong to an unrelated process. Every process of a
// cluster — the postmaster and its backends — has the data directory as its working directory,
// which tells ours from strangers on Linux (/proc/<pid>/cwd).

export type Postmaster = {
  pid: number
  port: number
  /** The Unix socket's directory, or '' when it listens on TCP only. */
  socketDir: string
  /** The first listen address, or '' with sockets only. */
  listenAddress: string
  /** 'starting', 'ready', 'stopping' or 'standby' (PostgreSQL's PM_STATUS_*). */
  status: string
}

export const pidFileOf = (pgDir: string) => path.join(pgDir, 'postmaster.pid')

/** What postmaster.pid says, or null when there is none (or it is half written). */
export function readPidFile(pgDir: string): Postmaster | null {
  let text: string
  try {
    text = readFileSync(pidFileOf(pgDir), 'utf8')
  } catch {
    return null
  }
  const lines = text.split('\n')
  const pid = Number.parseInt(lines[0] ?? '', 10)
  const port = Number.parseInt(lines[3] ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null
  return {
    pid,
    port,
    socketDir: (lines[4] ?? '').trim(),
    listenAddress: (lines[5] ?? '').trim(),
    status: (lines[7] ?? '').trim(),
  }
}

const hasProc = () => existsSync('/proc/self/cwd')

/** A zombie (exited, not yet reaped: a container's pid 1 may never reap) counts as gone. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return false
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EPERM')) return false
  }
  return !isZombie(pid)
}

const cwdOf = (pid: number): string | null => {
  try {
    return readlinkSync(`/proc/${pid}/cwd`)
  } catch {
    return null
  }
}

/** Whether `pid` is a process of the cluster in `pgDir` (without /proc: whether it is alive). */
export function runsOn(pid: number, pgDir: string): boolean {
  if (!isAlive(pid)) return false
  if (!hasProc()) return true
  return cwdOf(pid) === realpathSync(pgDir)
}

/** Every process working in `pgDir`: a cluster's postmaster and backends, or those a crash left. */
export function processesOn(pgDir: string): number[] {
  if (!hasProc() || !existsSync(pgDir)) return []
  const dir = realpathSync(pgDir)
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => pid !== process.pid && cwdOf(pid) === dir)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until none of `pids` is alive; false when `timeoutMs` passed first. */
export async function waitForExit(pids: number[], timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs
  while (pids.some(isAlive)) {
    if (Date.now() > until) return false
    await sleep(50)
  }
  return true
}
