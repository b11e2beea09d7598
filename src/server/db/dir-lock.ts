import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'

export class LockedError extends Error {}

const errnoCode = (error: unknown): unknown =>
  error instanceof Error && 'code' in error ? error.code : undefined

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return errnoCode(error) === 'EPERM'
  }
}

/**
 * An exclusive lock file holding the owner's pid. A lock left by a dead process is taken over.
 * Returns the release function.
 */
export function acquireDirLock(dir: string, name: string): () => void {
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, name)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        rmSync(file, { force: true })
      }
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST') throw error
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10)
      if (Number.isFinite(owner) && owner !== process.pid && processAlive(owner)) {
        throw new LockedError(
          `The data directory ${dir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another directory.`,
        )
      }
      rmSync(file, { force: true })
    }
  }
  throw new LockedError(`Could not lock ${file}`)
}
