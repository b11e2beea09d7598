import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** The V8 flags `npm start` gives the server (package.json): the bench measures that process. */
const SERVER_FLAGS = String(JSON.parse(readFileSync('package.json', 'utf8')).scripts.start)
  .split(' ')
  .filter((part) => part.startsWith('--'))

/** Polls the server's health answer until it is up; fails when the process exits first. */
export async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      // Another server on the port (someone else's) answers too: ours must still be running.
      if ((await fetch(`${base}/api/v1/health`)).ok && child.exitCode === null) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

export type ServerMemory = {
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
}

export type BenchServer = {
  base: string
  stop: () => Promise<void>
  /** The server process's memory, from bench/memory-probe.ts inside it. */
  memory: () => Promise<ServerMemory>
}

/**
 * Starts the real server (`node src/server/main.ts` of the working directory, serving its `dist/`)
 * in a child process on 127.0.0.1:`port` and waits until it answers.
 */
export async function startBenchServer(
  port: number,
  env: Record<string, string>,
  options: { nodeArgs?: string[]; logs?: boolean } = {},
): Promise<BenchServer> {
  // Something already answering there would be measured instead of this server.
  const taken = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
    () => true,
    () => false,
  )
  if (taken) throw new Error(`Port ${port} is in use: stop what uses it, or choose another port`)
  const probe = ['--import', './bench/memory-probe.ts']
  const args = [...SERVER_FLAGS, ...(options.nodeArgs ?? []), ...probe, 'src/server/main.ts']
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', options.logs ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  })
  const memory = () =>
    new Promise<ServerMemory>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not report its memory')), 5000)
      child.once('message', (message: ServerMemory & { type: string }) => {
        clearTimeout(timer)
        const { type: _type, ...usage } = message
        resolve(usage)
      })
      child.send({ type: 'memory' })
    })
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode !== null) return
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
  try {
    await waitForHealth(base, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, stop, memory }
}
