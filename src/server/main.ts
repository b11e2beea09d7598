import { type Config, ConfigError, loadConfig } from './config.ts'
import type { Clock } from './platform/clock.ts'
import { StartError } from './platform/start-error.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.ts'
import { type RunningServer, startServer } from './server.ts'

// Process entry (`node src/server/main.ts`, or imported by scripts/start.ts and e2e-server.ts):
// config → database → migrations → seed → listen; SIGINT/SIGTERM close everything in order —
// the HTTP server drains (readiness 503, room sockets sent elsewhere with 1012,
// requests in flight finish within DRAIN_SECONDS), then the database (the embedded PostgreSQL stops
// unless another process still uses it). A signal during the start stops the server once started.

function printDemoAccounts(): void {
  console.log(`\nDemo accounts (password for all: ${DEMO_PASSWORD}):`)
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length))
  for (const account of DEMO_ACCOUNTS) {
    console.log(`  ${account.email.padEnd(width)}  ${account.role.padEnd(7)}  ${account.description}`)
  }
}

/**
 * A Ctrl-C under `npm start` arrives twice — from the terminal and forwarded by npm — so a repeat
 * within REPEAT_GRACE_MS is the same request; a later one gives up waiting.
 */
const REPEAT_GRACE_MS = 2000

function handleSignals(started: Promise<RunningServer | undefined>): void {
  let stoppingSince: number | undefined
  const stop = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince < REPEAT_GRACE_MS) return
      console.error(`${signal} again: exiting without waiting.`)
      process.exit(1)
    }
    stoppingSince = Date.now()
    console.log(`${signal} received: shutting down…`)
    started
      .then((server) => server?.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error)
          process.exit(1)
        },
      )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

/** Runs the server until a signal stops it; `clock`: the test entries' (default: the system's). */
export async function runServer(options: { clock?: Clock } = {}): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
  const starting = startServer(config, options)
  // A failed start has closed what it opened; the error is reported below.
  handleSignals(starting.catch(() => undefined))
  try {
    const server = await starting
    if (process.env.LEKTORIUM_PRINT_DEMO_ACCOUNTS === '1' && config.demoData) printDemoAccounts()
    console.log(`\nLektorium is running at ${server.url} (public URL ${config.publicUrl})`)
  } catch (error) {
    console.error(startFailure(error, config))
    // The details, for whoever asks for them; a person starting it reads the sentence above.
    if (config.logLevel === 'debug' || config.logLevel === 'trace') console.error(error)
    process.exit(1)
  }
}

/** Why the start failed, in one sentence that says what to do (never a stack trace). */
export function startFailure(error: unknown, config: Pick<Config, 'port' | 'host'>): string {
  if (error instanceof StartError) return error.message
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    return `Port ${config.port} on ${config.host} is in use: stop what uses it, or set PORT to another port.`
  }
  const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
  return `Lektorium could not start (${reason}): fix what it names, or start again with LOG_LEVEL=debug to see where it failed.`
}

if (import.meta.main) await runServer()
