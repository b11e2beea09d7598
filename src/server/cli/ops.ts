import { ConfigError, loadConfig } from '../config.ts'
import { databaseOptions, openDatabase } from '../db/client.ts'
import { createAppMailOutbox } from '../modules/outbox/mail-kinds.ts'
import { openChangeRoad } from '../platform/change-road.ts'
import { type Clock, systemClock } from '../platform/clock.ts'
import { AppError, OpsError } from '../platform/errors.ts'
import { lazyJobs, startJobs } from '../platform/jobs.ts'
import { createMailer, type MailLog } from '../platform/mail.ts'
import { StartError } from '../platform/start-error.ts'
import { storageFor } from '../platform/storage-s3.ts'
import { type OpsCommand, runOpsCommand } from './commands.ts'
import { linkAddress } from './link-address.ts'
import { parseOpsArgs, UsageError } from './parse-args.ts'

// `npm run ops -- <command>`: operator commands. Exit codes: 0 done, 1 the command
// failed, 2 a mistake in the command line or the configuration. The command connects to the
// database itself, whether or not a server runs: on the embedded PostgreSQL it joins the running
// one, or starts it for the command and stops it after (db/embedded/shared-cluster.ts).

export type Output = { log(text: string): void; error(text: string): void }

const consoleLog = (out: Output): MailLog => ({
  info: (obj, msg) => out.error(`${msg} ${JSON.stringify(obj)}`),
  error: (obj, msg) => out.error(`${msg} ${JSON.stringify(obj)}`),
})

async function runCommand(
  env: Record<string, string | undefined>,
  cmd: OpsCommand,
  out: Output,
  clock: Clock,
): Promise<string> {
  const config = loadConfig(env)
  const log = consoleLog(out)
  const database = await openDatabase({ ...databaseOptions(config), log: { ...log, warn: log.error } })
  try {
    await database.migrate()
    const publicUrl = await linkAddress(database.db, config, env, cmd.command, (text) => out.error(text))
    const mailer = createMailer(config, log)
    const storage = storageFor(config)
    // The command adds the e-mails it owes as jobs (a server works them if the command cannot
    // send them), and sends them itself before it ends.
    const jobs = lazyJobs(() => startJobs(database.pool, log, { maintenance: false, clock }))
    const mail = createAppMailOutbox({ db: database.db, jobs, mailer, clock, log, config: { publicUrl } })
    const ctx = {
      config: { ...config, publicUrl },
      database,
      db: database.db,
      clock,
      mailer,
      mail,
      storage,
      log,
      // No cache lives in this process: the road hands unannounced changes to the servers.
      changes: openChangeRoad(database),
    }
    try {
      return await runOpsCommand(ctx, cmd)
    } finally {
      await mail.idle()
      await jobs.stop()
    }
  } finally {
    await database.close()
  }
}

export async function runOps(
  argv: string[],
  env: Record<string, string | undefined>,
  out: Output,
  clock: Clock = systemClock,
): Promise<number> {
  try {
    const parsed = parseOpsArgs(argv)
    if ('help' in parsed) {
      out.log(parsed.help)
      return 0
    }
    out.log(await runCommand(env, parsed.command, out, clock))
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(`${error.message}\nRun \`npm run ops -- --help\` for usage.`)
      return 2
    }
    if (error instanceof ConfigError || error instanceof StartError) {
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
