import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clusterDir, stopCluster } from '../db/embedded/cluster.ts'
import { processesOn } from '../db/embedded/processes.ts'
import { serverAnnouncements, users } from '../db/schema.ts'
import { announcePublicUrl } from '../modules/settings/public.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { tokenIn } from '../test-support/capturing-mailer.ts'
import { createUser, uniqueEmail } from '../test-support/fixtures.ts'
import { type OpsCommand, runOpsCommand } from './commands.ts'
import { NO_ADDRESS } from './link-address.ts'
import { runOps } from './ops.ts'

const ANNOUNCED = 'http://127.0.0.1:18123'
const OPS_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ops.ts')

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** runOps in this process, collecting what it prints. */
async function ops(argv: string[], env: Record<string, string | undefined>) {
  const out: string[] = []
  const err: string[] = []
  const code = await runOps(argv, env, { log: (s) => out.push(s), error: (s) => err.push(s) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('operator commands (shared services)', () => {
  it('invite-student mails a link that activates the student end to end', async () => {
    const email = uniqueEmail('cli')
    const output = await runOpsCommand(t.ctx, {
      command: 'invite-student',
      email,
      humanAccess: true,
      aiAccess: false,
      onlyGroupLessons: true,
      companyName: null,
      activeUntil: '2026-12-31',
      locale: 'pl',
    })
    expect(output).toMatch(`Invited student ${email}`)
    const mail = t.mailer.lastTo(email)
    expect(mail?.subject).toBe('Zaproszenie do Lektorium')
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/students/accept_invitation',
      payload: { invitation_token: tokenIn(mail) },
    })
    expect(response.statusCode).toBe(200)
    const [student] = await t.database.db.select().from(users).where(eq(users.email, email))
    expect(student).toMatchObject({ status: 'active', onlyGroupLessons: true, activeUntil: '2026-12-31' })
  })

  it('invitations lists the students invited without a password, the e-mail pending until it goes', async () => {
    const email = uniqueEmail('cli-pending')
    const refusing = {
      ...t.ctx,
      mailer: {
        send: async () => {
          throw new Error('SMTP refused')
        },
      },
    }
    const invitation: OpsCommand = {
      command: 'invite-student',
      email,
      humanAccess: true,
      aiAccess: false,
      onlyGroupLessons: false,
      companyName: null,
      activeUntil: null,
      locale: 'pl',
    }
    await expect(runOpsCommand(refusing, invitation)).rejects.toThrow(
      /The invitation was created but its e-mail could not be sent \(SMTP refused\)/,
    )
    const row = (listing: string) => listing.split('\n').find((line) => line.startsWith(`${email}\t`))
    const pending = await runOpsCommand(t.ctx, { command: 'invitations' })
    expect(pending).toMatch(
      /^\d+ invited student\(s\) have not set a password; [1-9]\d* invitation e-mail\(s\) pending:$/m,
    )
    expect(row(pending)).toMatch(/\tinvited \d{4}-\d\d-\d\d \d\d:\d\d UTC\te-mail pending$/)
    await runOpsCommand(t.ctx, invitation)
    expect(row(await runOpsCommand(t.ctx, { command: 'invitations' }))).toMatch(/\te-mail sent \d{4}-/)
  })

  it("video-provider sets and clears a teacher's room, refusing Vonage while it is not configured", async () => {
    const email = uniqueEmail('vonage-teacher')
    await createUser(t.database.db, { email, role: 'teacher' })
    await expect(
      runOpsCommand(t.ctx, { command: 'video-provider', email, provider: 'vonage' }),
    ).rejects.toThrow(/Vonage is not configured/)
    expect(await runOpsCommand(t.ctx, { command: 'video-provider', email, provider: 'builtin' })).toBe(
      `${email} teaches in the builtin room from their next token on.`,
    )
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email))
    expect(row?.videoProvider).toBe('builtin')
    await runOpsCommand(t.ctx, { command: 'video-provider', email, provider: null })
    const [cleared] = await t.database.db.select().from(users).where(eq(users.email, email))
    expect(cleared?.videoProvider).toBeNull()
    await expect(
      runOpsCommand(t.ctx, { command: 'video-provider', email: uniqueEmail('nobody'), provider: null }),
    ).rejects.toThrow(/No teacher/)
  })

  it('jobs lists the job queues with what waits and failed', async () => {
    const output = await runOpsCommand(t.ctx, { command: 'jobs' })
    expect(output.split('\n')[0]).toBe('Jobs per queue (failed: every retry used up):')
    for (const queue of ['lesson-booked', 'lesson-cancelled', 'lesson-reminder', 'notifications-sweep'])
      expect(output).toMatch(new RegExp(`^${queue}\twaiting \\d+\trunning \\d+\tfailed \\d+$`, 'm'))
  })

  it('learncube marks a lesson and says the classroom is not configured yet', async () => {
    await expect(
      runOpsCommand(t.ctx, {
        command: 'learncube',
        lessonId: '6f1c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
        teacherEmail: null,
        on: true,
      }),
    ).rejects.toThrow(/No lesson 6f1c2a4e/)
    const email = uniqueEmail('cube-teacher')
    await createUser(t.database.db, { email, role: 'teacher' })
    expect(
      await runOpsCommand(t.ctx, { command: 'learncube', lessonId: null, teacherEmail: email, on: true }),
    ).toBe(
      `Marked 0 future lesson(s) of ${email} as held in LearnCube. LearnCube is not configured (LEARNCUBE_PUBLIC_KEY, LEARNCUBE_PRIVATE_KEY): until it is, they are held in the ordinary room.`,
    )
  })

  it('pending-teachers lists, and verify-teacher activates, a teacher awaiting verification', async () => {
    const teacher = await createUser(t.database.db, {
      role: 'teacher',
      status: 'pending_verification',
      firstName: 'Ewa',
    })
    expect(await runOpsCommand(t.ctx, { command: 'pending-teachers' })).toMatch(`${teacher.email}\tEwa`)
    expect(await runOpsCommand(t.ctx, { command: 'verify-teacher', email: teacher.email })).toBe(
      `Verified teacher ${teacher.email}: they can sign in now; the e-mail telling them so was sent.`,
    )
    expect(await runOpsCommand(t.ctx, { command: 'verify-teacher', email: teacher.email })).toMatch(
      'already verified',
    )
    expect(await runOpsCommand(t.ctx, { command: 'pending-teachers' })).not.toMatch(teacher.email)
  })

  it('verify-teacher verifies even when the e-mail cannot be sent, and says so', async () => {
    const teacher = await createUser(t.database.db, { role: 'teacher', status: 'pending_verification' })
    const failing = {
      ...t.ctx,
      mailer: {
        send: async () => {
          throw new Error('SMTP refused')
        },
      },
    }
    expect(await runOpsCommand(failing, { command: 'verify-teacher', email: teacher.email })).toBe(
      `Verified teacher ${teacher.email}: they can sign in now, but the e-mail telling them so could not be sent (SMTP refused); let them know yourself.`,
    )
    expect(await runOpsCommand(t.ctx, { command: 'verify-teacher', email: teacher.email })).toMatch(
      'already verified',
    )
  })

  it('verify-teacher refuses unknown addresses and students', async () => {
    const student = await createUser(t.database.db)
    await expect(
      runOpsCommand(t.ctx, { command: 'verify-teacher', email: 'nobody@example.com' }),
    ).rejects.toThrow('No account with the e-mail nobody@example.com.')
    await expect(runOpsCommand(t.ctx, { command: 'verify-teacher', email: student.email })).rejects.toThrow(
      `${student.email} is a student, not a teacher.`,
    )
  })

  it('settings prints, changes within bounds, and refuses values out of bounds', async () => {
    const none = { command: 'settings' } as const
    expect(await runOpsCommand(t.ctx, none)).toBe(
      [
        'Current settings:',
        'ban_duration: 14 days',
        'cancellation_earliness: 24 hours',
        'lesson_earliness_condition: 12 hours',
        'first_reminder: 1440 minutes before a lesson',
        'second_reminder: 60 minutes before a lesson',
        'recording_lesson_max: 3000 MB of recordings per lesson',
        'recording_day_max: 20000 MB of recordings per teacher per day',
        'sms_daily_user_max: 10 SMS per user per day',
        'sms_daily_school_max: 500 SMS per day in all',
        'recap_day_max: 0 lesson recaps per day (0: recaps off)',
        'recap_publish_after: 48 hours until a draft recap publishes itself',
      ].join('\n'),
    )
    await expect(runOpsCommand(t.ctx, { ...none, banDuration: 366 })).rejects.toThrow(
      '--ban-duration must be a whole number of days from 0 to 365.',
    )
    await expect(runOpsCommand(t.ctx, { ...none, lessonEarlinessCondition: 1000 })).rejects.toThrow(
      '--lesson-earliness',
    )
    expect(await runOpsCommand(t.ctx, { ...none, cancellationEarliness: 48 })).toMatch(
      /^Settings updated:\n.*\ncancellation_earliness: 48 hours/,
    )
    // The reminders' times, 0 turning one off.
    expect(
      await runOpsCommand(t.ctx, { ...none, secondReminderMinutes: 0, firstReminderMinutes: 120 }),
    ).toMatch(/first_reminder: 120 minutes before a lesson\nsecond_reminder: 0 minutes before a lesson\n/)
    await expect(runOpsCommand(t.ctx, { ...none, firstReminderMinutes: 20_161 })).rejects.toThrow(
      '--first-reminder must be a whole number of minutes from 0 to 20160.',
    )
    await runOpsCommand(t.ctx, { ...none, firstReminderMinutes: 1440, secondReminderMinutes: 60 })
    // The disk recordings may take, in MB: at least 1.
    expect(await runOpsCommand(t.ctx, { ...none, recordingLessonMaxMb: 500 })).toMatch(
      /recording_lesson_max: 500 MB of recordings per lesson\n/,
    )
    await expect(runOpsCommand(t.ctx, { ...none, recordingDayMaxMb: 0 })).rejects.toThrow(
      '--recording-day-max must be a whole number of MB from 1 to 500000.',
    )
    await runOpsCommand(t.ctx, { ...none, recordingLessonMaxMb: 3000 })
  })
})

describe('the ops CLI on its own database connection', () => {
  let dataDir: string
  let env: Record<string, string | undefined>
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lk-ops-'))
    env = { DATA_DIR: dataDir, ...t.databaseEnv, LOG_LEVEL: 'silent' }
  })
  beforeEach(() => announcePublicUrl(t.database.db, ANNOUNCED, t.clock.now()))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  // With only DATA_DIR the link used to go to http://localhost:8080, not to the server.
  it('invite-student e-mails a link on the address the running server announced', async () => {
    const email = uniqueEmail('announced')
    const invited = await ops(['invite-student', email, '--human'], env)
    expect(invited).toMatchObject({ code: 0, out: expect.stringMatching(`Invited student ${email}`) })
    expect(invited.err).toMatch(`"link":"${ANNOUNCED}/invitation?token=`)
    expect(invited.err).not.toMatch('localhost:8080')
  })

  it('an explicit PUBLIC_URL wins, with a note when the server announces another address', async () => {
    const email = uniqueEmail('explicit')
    const invited = await ops(['invite-student', email, '--human'], {
      ...env,
      PUBLIC_URL: 'https://app.example.pl',
    })
    expect(invited.code).toBe(0)
    expect(invited.err).toMatch('"link":"https://app.example.pl/invitation?token=')
    expect(invited.err).toMatch(
      `Note: links use PUBLIC_URL https://app.example.pl; the server announces ${ANNOUNCED}.`,
    )
  })

  // The operator's link went to http://localhost:8080 whatever address the server had.
  it('create-operator e-mails its link on the announced address, with the name it is given', async () => {
    const email = uniqueEmail('operator-link')
    const created = await ops(['create-operator', email, '--first-name', 'Ola', '--last-name', 'Nowak'], env)
    expect(created).toMatchObject({ code: 0, out: expect.stringMatching(`Created operator ${email}`) })
    expect(created.err).toMatch(`"link":"${ANNOUNCED}/password-reset/new?token=`)
    expect(created.err).not.toMatch('localhost:8080')
    const [operator] = await t.database.db.select().from(users).where(eq(users.email, email))
    expect(operator).toMatchObject({ role: 'operator', firstName: 'Ola', lastName: 'Nowak' })
    await t.database.db.delete(serverAnnouncements)
    const other = uniqueEmail('operator-no-address')
    expect(await ops(['create-operator', other], env)).toMatchObject({ code: 2, err: NO_ADDRESS })
  })

  it('refuses to e-mail links when no server announced an address and PUBLIC_URL is not set', async () => {
    await t.database.db.delete(serverAnnouncements)
    const email = uniqueEmail('unknown-address')
    expect(await ops(['invite-student', email, '--human'], env)).toMatchObject({ code: 2, err: NO_ADDRESS })
    const [invited] = await t.database.db.select().from(users).where(eq(users.email, email))
    expect(invited).toBeUndefined()
    // Commands that send no links need no address.
    expect((await ops(['settings'], env)).code).toBe(0)
  })

  it('seeds, lists, verifies and prints settings, then releases the database', async () => {
    expect((await ops(['seed'], env)).out).toMatch(/demo account\(s\) created/)
    const pending = await ops(['pending-teachers'], env)
    expect(pending.out).toMatch('ewa.wozniak@demo.lektorium.pl')
    const verified = await ops(['verify-teacher', 'ewa.wozniak@demo.lektorium.pl'], env)
    expect(verified).toMatchObject({
      code: 0,
      out: 'Verified teacher ewa.wozniak@demo.lektorium.pl: they can sign in now; the e-mail telling them so was sent.',
    })
    expect((await ops(['settings', '--ban-duration', '30'], env)).out).toMatch('ban_duration: 30 days')
  })

  it('exits 1 with the message when a command fails, 2 on a usage or configuration mistake', async () => {
    expect(await ops(['verify-teacher', 'nobody@example.com'], env)).toMatchObject({
      code: 1,
      err: 'No account with the e-mail nobody@example.com.',
    })
    const usage = await ops(['frobnicate'], env)
    expect(usage.code).toBe(2)
    expect(usage.err).toMatch(/Unknown command "frobnicate"\.\nRun `npm run ops -- --help`/)
    expect(await ops(['settings'], { ...env, PORT: 'abc' })).toMatchObject({
      code: 2,
      err: expect.stringMatching('PORT'),
    })
    expect((await ops(['--help'], env)).code).toBe(0)
  })
})

describe('the ops CLI as a process of its own on the embedded database', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lk-ops-embedded-'))
  })
  afterAll(async () => {
    await stopCluster(clusterDir(dataDir))
    rmSync(dataDir, { recursive: true, force: true })
  })

  const cli = (argv: string[]) =>
    promisify(execFile)(process.execPath, [OPS_ENTRY, ...argv], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    )

  it('starts the database for the command and stops it afterwards, keeping what it wrote', async () => {
    expect(await cli(['seed'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/demo account/) })
    expect(processesOn(clusterDir(dataDir))).toEqual([])
    // The generated password stays with the database, readable by its owner only.
    expect(statSync(path.join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600)
    const pending = await cli(['pending-teachers'])
    expect(pending).toMatchObject({ code: 0, stdout: expect.stringMatching('ewa.wozniak@demo.lektorium.pl') })
    expect(processesOn(clusterDir(dataDir))).toEqual([])
  })

  it("returns a failed command's message and exit code 1", async () => {
    const result = await cli(['lesson-limits', 'nobody@example.com'])
    expect(result).toMatchObject({
      code: 1,
      stderr: expect.stringMatching('No account with the e-mail nobody@example.com.\n'),
    })
  })
})
