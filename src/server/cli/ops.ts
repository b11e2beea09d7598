import path from 'node:path'
import { ConfigError, loadConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { LockedError } from '../db/dir-lock.ts'
import { systemClock } from '../platform/clock.ts'
import { AppError, OpsError } from '../platform/errors.ts'
import { createMailer, type MailLog } from '../platform/mail.ts'
import { createLocalStorage, filesDir } from '../platform/storage.ts'
import { type OpsCommand, runOpsCommand } from './commands.ts'
import { sendOpsCommand } from './ops-socket.ts'
import { parseOpsArgs, UsageError } from './parse-args.ts'

// `npm run ops -- <command>`: operator commands (issue #2). Exit codes: 0 done, 1 the command
// failed, 2 a mistake in the command line or the configuration.

export type Output = { log(text: string): void; error(text: string): void }

export const opsSocketPath = (dataDir: string) => path.join(dataDir, 'ops.sock')

const consoleLog = (out: Output): MailLog => ({
  info: (obj, msg) => out.error(`${msg} ${JSON.stringify(obj)}`),
  error: (obj, msg) => out.error(`${msg} ${JSON.stringify(obj)}`),
})

/** Runs the command on this process's own connection to the database. */
async function runLocally(
  env: Record<string, string | undefined>,
  cmd: OpsCommand,
  out: Output,
): Promise<string> {
  const config = loadConfig(env)
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await database.migrate()
    const log = consoleLog(out)
    const mailer = createMailer(config, log)
    const storage = createLocalStorage(filesDir(config.dataDir))
    return await runOpsCommand({ config, db: database.db, clock: systemClock, mailer, storage, log }, cmd)
  } finally {
    await database.close()
  }
}

/** The embedded database is locked by a running server: hand it the command over its socket. */
async function runOnServer(env: Record<string, string | undefined>, cmd: OpsCommand, locked: LockedError) {
  const socketPath = opsSocketPath(loadConfig(env).dataDir)
  const reply = await sendOpsCommand(socketPath, cmd).catch(() => {
    throw new OpsError(`${locked.message}\nIts operator socket ${socketPath} does not answer.`)
  })
  if (!reply.ok) throw new OpsError(reply.error)
  return reply.output
}

export async function runOps(
  argv: string[],
  env: Record<string, string | undefined>,
  out: Output,
): Promise<number> {
  try {
    const parsed = parseOpsArgs(argv)
    if ('help' in parsed) {
      out.log(parsed.help)
      return 0
    }
    const output = await runLocally(env, parsed.command, out).catch((error: unknown) => {
      if (error instanceof LockedError) return runOnServer(env, parsed.command, error)
      throw error
    })
    out.log(output)
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(`${error.message}\nRun \`npm run ops -- --help\` for usage.`)
      return 2
    }
    if (error instanceof ConfigError) {
      out.error(error.message)
      return 2
    }
    if (error instanceof OpsError || error instanceof AppError) {
      out.error(error.message)
      return 1
    }
    throw error
  }
}

if (import.meta.main) {
  process.exitCode = await runOps(process.argv.slice(2), process.env, console)
}
