import { describe, expect, it } from 'vitest'
import { parseOpsArgs, UsageError } from './parse-args.ts'

describe('parseOpsArgs', () => {
  it('gives the general usage for no command or --help', () => {
    for (const argv of [[], ['--help'], ['-h'], ['help']]) {
      const parsed = parseOpsArgs(argv)
      expect('help' in parsed && parsed.help).toMatch(/^Usage: npm run ops -- <command>/)
    }
  })

  it('builds create-operator with an e-mail and an optional --locale', () => {
    expect(parseOpsArgs(['create-operator', 'Ola@Example.com'])).toEqual({
      command: {
        command: 'create-operator',
        email: 'ola@example.com',
        locale: 'pl',
      },
    })
    expect(parseOpsArgs(['create-operator', 'ola@example.com', '--locale', 'en'])).toEqual({
      command: {
        command: 'create-operator',
        email: 'ola@example.com',
        locale: 'en',
      },
    })
    expect(
      parseOpsArgs(['create-operator', 'ola@example.com', '--first-name', ' Ola ', '--last-name', 'Nowak']),
    ).toMatchObject({ command: { firstName: 'Ola', lastName: 'Nowak' } })
    expect(() => parseOpsArgs(['create-operator'])).toThrow(/exactly one e-mail address/)
    expect(() => parseOpsArgs(['create-operator', 'ola@example.com', '--locale', 'de'])).toThrow(UsageError)
    const help = parseOpsArgs(['create-operator', '--help'])
    expect('help' in help && help.help).toMatch(/^Usage: npm run ops -- create-operator <email>/)
  })

  it('builds migrate-pglite from DATA_DIR/db or --from, and refuses other arguments', () => {
    expect(parseOpsArgs(['migrate-pglite'])).toEqual({ command: { command: 'migrate-pglite', from: null } })
    expect(parseOpsArgs(['migrate-pglite', '--from', '/srv/old/db'])).toEqual({
      command: { command: 'migrate-pglite', from: '/srv/old/db' },
    })
    expect(() => parseOpsArgs(['migrate-pglite', '/srv/old/db'])).toThrow(UsageError)
  })

  it('builds lack-of-slots with an optional --since day, and refuses a date that is none', () => {
    expect(parseOpsArgs(['lack-of-slots'])).toEqual({ command: { command: 'lack-of-slots', since: null } })
    expect(parseOpsArgs(['lack-of-slots', '--since', '2026-11-01'])).toEqual({
      command: { command: 'lack-of-slots', since: '2026-11-01' },
    })
    expect(() => parseOpsArgs(['lack-of-slots', '--since', '2026-02-30'])).toThrow(/not a calendar date/)
    expect(() => parseOpsArgs(['lack-of-slots', 'x'])).toThrow(UsageError)
  })

  it('builds learncube for one lesson or a teacher, on or --off, and refuses both or neither', () => {
    const lesson = '6f1c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6'
    expect(parseOpsArgs(['learncube', '--lesson', lesson])).toEqual({
      command: { command: 'learncube', lessonId: lesson, teacherEmail: null, on: true },
    })
    expect(parseOpsArgs(['learncube', '--teacher', 'Anna@Example.com', '--off'])).toEqual({
      command: { command: 'learncube', lessonId: null, teacherEmail: 'anna@example.com', on: false },
    })
    expect(() => parseOpsArgs(['learncube'])).toThrow(/either --lesson ID or --teacher EMAIL/)
    expect(() => parseOpsArgs(['learncube', '--lesson', lesson, '--teacher', 'a@b.pl'])).toThrow(UsageError)
    expect(() => parseOpsArgs(['learncube', '--lesson', '42'])).toThrow(/--lesson must be a lesson id/)
  })

  it('builds video-provider with builtin, vonage or default, and nothing else', () => {
    expect(parseOpsArgs(['video-provider', 'anna@example.com', 'vonage'])).toEqual({
      command: { command: 'video-provider', email: 'anna@example.com', provider: 'vonage' },
    })
    expect(parseOpsArgs(['video-provider', 'anna@example.com', 'default'])).toEqual({
      command: { command: 'video-provider', email: 'anna@example.com', provider: null },
    })
    expect(() => parseOpsArgs(['video-provider', 'anna@example.com', 'zoom'])).toThrow(
      /builtin, vonage or default/,
    )
    expect(() => parseOpsArgs(['video-provider', 'anna@example.com'])).toThrow(UsageError)
  })

  it("gives a command's usage for <command> --help", () => {
    const parsed = parseOpsArgs(['invite-student', '--help'])
    expect('help' in parsed && parsed.help).toMatch(/^Usage: npm run ops -- invite-student <email>/)
  })

  it('builds an invite-student command with its flags and defaults', () => {
    expect(parseOpsArgs(['invite-student', 'Ola@Example.com', '--ai', '--company', 'Partner S.A.'])).toEqual({
      command: {
        command: 'invite-student',
        email: 'ola@example.com',
        humanAccess: false,
        aiAccess: true,
        onlyGroupLessons: false,
        companyName: 'Partner S.A.',
        activeUntil: null,
        locale: 'pl',
      },
    })
    const full = parseOpsArgs([
      'invite-student',
      'a@b.pl',
      '--human',
      '--group-only',
      '--active-until',
      '2026-12-31',
      '--locale',
      'en',
    ])
    expect(full).toMatchObject({
      command: { humanAccess: true, onlyGroupLessons: true, activeUntil: '2026-12-31', locale: 'en' },
    })
  })

  it('builds lesson-limits with a whole number or none for the monthly cap', () => {
    expect(parseOpsArgs(['lesson-limits', 'ola@example.com', '--scheduled', '3'])).toEqual({
      command: { command: 'lesson-limits', email: 'ola@example.com', scheduled: 3, monthlyCap: undefined },
    })
    expect(parseOpsArgs(['lesson-limits', 'jan@example.com', '--monthly-cap', 'none'])).toMatchObject({
      command: { monthlyCap: null },
    })
    expect(parseOpsArgs(['lesson-limits', 'jan@example.com', '--monthly-cap', '40'])).toMatchObject({
      command: { monthlyCap: 40 },
    })
    expect(() => parseOpsArgs(['lesson-limits', 'jan@example.com', '--monthly-cap', 'many'])).toThrow(
      UsageError,
    )
    expect(() => parseOpsArgs(['lesson-limits', '--scheduled', '3'])).toThrow('exactly one e-mail address')
  })

  it('builds settings changes from whole numbers', () => {
    expect(parseOpsArgs(['settings', '--ban-duration', '21', '--lesson-earliness', '6'])).toEqual({
      command: {
        command: 'settings',
        banDuration: 21,
        cancellationEarliness: undefined,
        lessonEarlinessCondition: 6,
        firstReminderMinutes: undefined,
        secondReminderMinutes: undefined,
      },
    })
  })

  it.each([
    [['bogus'], 'Unknown command "bogus".'],
    [['verify-teacher'], 'verify-teacher needs exactly one e-mail address.'],
    [['verify-teacher', 'a@b.pl', 'c@d.pl'], 'verify-teacher needs exactly one e-mail address.'],
    [['verify-teacher', 'not-an-email'], 'email: Please enter a valid e-mail address'],
    [['invite-student', 'a@b.pl', '--nope'], "Unknown option '--nope'"],
    [
      ['invite-student', 'a@b.pl', '--locale', 'de'],
      'locale: Invalid type: Expected ("pl" | "en") but received "de"',
    ],
    [
      ['invite-student', 'a@b.pl', '--active-until', '31.12.2026'],
      'activeUntil: --active-until must be a date as YYYY-MM-DD',
    ],
    [
      ['invite-student', 'a@b.pl', '--active-until', '2026-02-31'],
      'activeUntil: --active-until is not a calendar date',
    ],
    [['invite-student', 'a@b.pl', '--company'], "Option '--company <value>' argument missing"],
    [['settings', '--ban-duration', 'x'], '--ban-duration must be a whole number, not "x".'],
    [['settings', '--ban-duration=-1'], '--ban-duration must be a whole number, not "-1".'],
    [['settings', 'extra'], 'settings takes no arguments, only flags.'],
    [['seed', 'now'], 'seed takes no arguments.'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseOpsArgs(argv)).toThrow(UsageError)
    expect(() => parseOpsArgs(argv)).toThrow(message)
  })
})
