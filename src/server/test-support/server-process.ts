import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// A real server process (src/server/main.ts, through story-server.ts: on the run's story clock)
// for tests that need more than one: it listens on a port of its own choosing (PORT=0) and says
// where on stdout.

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'story-server.ts')

export type ServerProcess = {
  url: string
  child: ChildProcess
  /** SIGTERM (a clean stop) unless told otherwise; resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>
}

export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  /** Its working directory (its `dist` is the web app it serves); unset: this process's. */
  cwd?: string,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN], {
    cwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    )
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const found = /Lektorium is running at (http:\/\/\S+)/.exec(output)
      if (found?.[1]) {
        clearTimeout(timer)
        resolve(found[1])
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code}):\n${output}`))
    })
  })
  return {
    url,
    child,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
}
