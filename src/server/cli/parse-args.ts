import { type ParseArgsOptionsConfig, parseArgs } from 'node:util'
import * as v from 'valibot'
import { issueLines } from '../platform/validate.ts'
import { type OpsCommand, opsCommandSchema } from './commands.ts'
import { COMMAND_HELP, USAGE } from './help.ts'

/** A mistake in the command line: printed with a hint to --help, exit code 2. */
export class UsageError extends Error {}

export type ParsedArgs = { help: string } | { command: OpsCommand }

const WHOLE_NUMBER = /^\d+$/

function wholeNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!WHOLE_NUMBER.test(value)) throw new UsageError(`${flag} must be a whole number, not "${value}".`)
  return Number(value)
}

function single(name: string, positionals: string[], what: string): string {
  if (positionals.length !== 1) throw new UsageError(`${name} needs exactly one ${what}.`)
  return positionals[0] ?? ''
}

function build(name: string, args: string[]): unknown {
  const parse = <O extends ParseArgsOptionsConfig>(options: O) =>
    parseArgs({
      args,
      options: { ...options, help: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    })
  switch (name) {
    case 'verify-teacher':
      return { command: name, email: single(name, parse({}).positionals, 'e-mail address') }
    case 'create-operator': {
      const { values, positionals } = parse({
        locale: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      })
      return {
        command: name,
        email: single(name, positionals, 'e-mail address'),
        locale: values.locale ?? 'pl',
        firstName: values['first-name'],
        lastName: values['last-name'],
      }
    }
    case 'invite-student': {
      const { values, positionals } = parse({
        human: { type: 'boolean' },
        ai: { type: 'boolean' },
        'group-only': { type: 'boolean' },
        company: { type: 'string' },
        'active-until': { type: 'string' },
        locale: { type: 'string' },
      })
      return {
        command: name,
        email: single(name, positionals, 'e-mail address'),
        humanAccess: values.human ?? false,
        aiAccess: values.ai ?? false,
        onlyGroupLessons: values['group-only'] ?? false,
        companyName: values.company ?? null,
        activeUntil: values['active-until'] ?? null,
        locale: values.locale ?? 'pl',
      }
    }
    case 'settings': {
      const { values, positionals } = parse({
        'ban-duration': { type: 'string' },
        'cancellation-earliness': { type: 'string' },
        'lesson-earliness': { type: 'string' },
        'first-reminder': { type: 'string' },
        'second-reminder': { type: 'string' },
        'recording-lesson-max': { type: 'string' },
        'recording-day-max': { type: 'string' },
        'sms-daily-user-max': { type: 'string' },
        'sms-daily-school-max': { type: 'string' },
        'recap-day-max': { type: 'string' },
        'recap-publish-after': { type: 'string' },
      })
      if (positionals.length > 0) throw new UsageError(`settings takes no arguments, only flags.`)
      return {
        command: name,
        banDuration: wholeNumber('--ban-duration', values['ban-duration']),
        cancellationEarliness: wholeNumber('--cancellation-earliness', values['cancellation-earliness']),
        lessonEarlinessCondition: wholeNumber('--lesson-earliness', values['lesson-earliness']),
        firstReminderMinutes: wholeNumber('--first-reminder', values['first-reminder']),
        secondReminderMinutes: wholeNumber('--second-reminder', values['second-reminder']),
        recordingLessonMaxMb: wholeNumber('--recording-lesson-max', values['recording-lesson-max']),
        recordingDayMaxMb: wholeNumber('--recording-day-max', values['recording-day-max']),
        smsDailyUserMax: wholeNumber('--sms-daily-user-max', values['sms-daily-user-max']),
        smsDailySchoolMax: wholeNumber('--sms-daily-school-max', values['sms-daily-school-max']),
        recapDailyMax: wholeNumber('--recap-day-max', values['recap-day-max']),
        recapPublishAfterHours: wholeNumber('--recap-publish-after', values['recap-publish-after']),
      }
    }
    case 'lesson-limits': {
      const { values, positionals } = parse({
        scheduled: { type: 'string' },
        'monthly-cap': { type: 'string' },
      })
      const cap = values['monthly-cap']
      return {
        command: name,
        email: single(name, positionals, 'e-mail address'),
        scheduled: wholeNumber('--scheduled', values.scheduled),
        monthlyCap: cap === 'none' ? null : wholeNumber('--monthly-cap', cap),
      }
    }
    case 'lack-of-slots': {
      const { values, positionals } = parse({ since: { type: 'string' } })
      if (positionals.length > 0) throw new UsageError(`${name} takes no arguments, only --since.`)
      return { command: name, since: values.since ?? null }
    }
    case 'learncube': {
      const { values, positionals } = parse({
        lesson: { type: 'string' },
        teacher: { type: 'string' },
        off: { type: 'boolean' },
      })
      if (positionals.length > 0) throw new UsageError(`${name} takes no arguments, only flags.`)
      if ((values.lesson === undefined) === (values.teacher === undefined))
        throw new UsageError(`${name} needs either --lesson ID or --teacher EMAIL.`)
      return {
        command: name,
        lessonId: values.lesson ?? null,
        teacherEmail: values.teacher ?? null,
        on: !values.off,
      }
    }
    case 'video-provider': {
      const { positionals } = parse({})
      if (positionals.length !== 2) throw new UsageError(`${name} needs an e-mail address and a provider.`)
      const [email, provider] = positionals
      return { command: name, email, provider: provider === 'default' ? null : provider }
    }
    case 'files-to-s3':
    case 'migrate-pglite': {
      const { values, positionals } = parse({ from: { type: 'string' } })
      if (positionals.length > 0) throw new UsageError(`${name} takes no arguments, only --from.`)
      return { command: name, from: values.from ?? null }
    }
    default:
      if (parse({}).positionals.length > 0) throw new UsageError(`${name} takes no arguments.`)
      return { command: name }
  }
}

/** argv (after `ops`) → a validated command, or the help text asked for. */
export function parseOpsArgs(argv: string[]): ParsedArgs {
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') return { help: USAGE }
  const help = COMMAND_HELP.get(name)
  if (!help) throw new UsageError(`Unknown command "${name}".`)
  if (rest.includes('--help') || rest.includes('-h')) return { help }
  let raw: unknown
  try {
    raw = build(name, rest)
  } catch (error) {
    // parseArgs reports unknown flags and missing flag values (ERR_PARSE_ARGS_*).
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      throw new UsageError(error.message)
    }
    throw error
  }
  const result = v.safeParse(opsCommandSchema, raw)
  if (!result.success) {
    throw new UsageError(issueLines(result.issues, name).join('\n'))
  }
  return { command: result.output }
}
