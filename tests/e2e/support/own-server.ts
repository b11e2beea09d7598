import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { clusterDir, stopCluster } from '../../../src/server/db/embedded/cluster.ts'

// A server of the journey's own (the offline journeys): the shared e2e server cannot be
// stopped and restarted mid-test, this one can — gracefully, or killed outright. Its data
// directory (the embedded PostgreSQL) outlives a stop, so a restart finds the same data; after a
// SIGKILL, PostgreSQL (a process of its own) keeps running and the restart joins it.

export class OwnServer {
  readonly port: number
  readonly dataDir: string
  private child: ChildProcess | null = null
  private fresh = false
  /** More of the server's environment (OPERATOR_EMAIL; the lesson room's TURN settings, set
   *  before a restart). */
  env: Record<string, string>
  /**
   * The server's working directory; its `dist` is the web app it serves (the app-update journey
   * serves a build of its own, then a second one). Unset: this process's (the repo's).
   */
  cwd: string | undefined

  constructor(port: number, name: string, env: Record<string, string> = {}) {
    this.port = port
    this.dataDir = path.resolve('.tmp', name)
    this.env = env
  }

  /** The server process's id while it runs (a bench reads its memory). */
  get pid(): number | undefined {
    return this.child?.pid
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('already running')
    if (!this.fresh) {
      // What an earlier, interrupted run left: its PostgreSQL may still run on the directory.
      await stopCluster(clusterDir(this.dataDir))
      rmSync(this.dataDir, { recursive: true, force: true })
      this.fresh = true
    }
    const child = spawn(process.execPath, [path.resolve('src/server/test-support/story-server.ts')], {
      cwd: this.cwd,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        PUBLIC_URL: this.url,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'true',
        ...this.env,
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
