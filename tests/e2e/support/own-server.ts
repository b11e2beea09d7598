import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'

// A server of the journey's own (issue #5 offline journeys): the shared e2e server cannot be
// stopped and restarted mid-test, this one can — gracefully, or killed outright. Its data
// directory (PGlite) outlives a stop, so a restart finds the same data.

export class OwnServer {
  readonly port: number
  readonly dataDir: string
  private child: ChildProcess | null = null

  constructor(port: number, name: string) {
    this.port = port
    this.dataDir = path.resolve('.tmp', name)
    rmSync(this.dataDir, { recursive: true, force: true })
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('already running')
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        PUBLIC_URL: this.url,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'true',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    this.child = child
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
      try {
        if ((await fetch(`${this.url}/api/v1/health`)).ok) return
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('the server did not start')
  }

  /** SIGTERM closes it in order; SIGKILL is a crash. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child
    if (!child) return
    this.child = null
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    await exited
  }
}
