import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { isAlive, sleep } from './processes.ts'

// Starting and stopping the shared embedded cluster are decisions several processes may take at
// once (two servers starting, one stopping while another arrives): each is taken under this lock
// file, held for the seconds a start or a stop lasts (never for a process's lifetime). A lock left
// by a process that died is taken over.

const errnoCode = (error: unknown): unknown =>
  error instanceof Error && 'code' in error ? error.code : undefined

function tryLock(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600)
    writeSync(fd, String(process.pid))
    closeSync(fd)
    return true
  } catch (error) {
    if (errnoCode(error) !== 'EEXIST') throw error
  }
  let owner = Number.NaN
  try {
    owner = Number.parseInt(readFileSync(file, 'utf8'), 10)
  } catch {
    // Removed or half written just now: look again on the next turn.
    return false
  }
  if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) return false
  rmSync(file, { force: true })
  return false
}

/** Runs `work` holding the lock `file`, waiting up to `timeoutMs` for it. */
export async function withStartLock<T>(file: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  const until = Date.now() + timeoutMs
  while (!tryLock(file)) {
    if (Date.now() > until) throw new Error(`${file} stays locked by another process.`)
    await sleep(50)
  }
  try {
    return await work()
  } finally {
    rmSync(file, { force: true })
  }
}
