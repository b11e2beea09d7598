import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lackOfSlotsResponse, teacherExistenceResponse } from '../../../domain/api/language-onboardings.ts'
import { buildApp } from '../../app.ts'
import { runOpsCommand } from '../../cli/commands.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { get, post } from '../../test-support/http.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { createTeacher, dictionaryIds, removeTeachers } from '../../test-support/teacher-fixtures.ts'

// GET /language_onboardings/check_teacher_existence and POST
// /language_onboardings/report_lack_of_slots (product-rules.md "Language onboarding"), and `ops
// lack-of-slots`.

const OPERATOR = 'szkola@lektorium.test'
let t: TestApp
let ids: Awaited<ReturnType<typeof dictionaryIds>>
beforeAll(async () => {
  t = await buildTestApp({ config: { operatorEmail: OPERATOR } })
  ids = await dictionaryIds(t.database.db)
})
afterAll(() => t.close())
beforeEach(async () => {
  t.clock.set('2026-03-10T09:00:00Z')
  await removeTeachers(t.database.db)
  // Each test starts with no digest sent yet, being sent or waiting to be.
  await t.app.deps.lackOfSlotsDigest.idle()
  await t.database.db.execute(sql`DELETE FROM lack_of_slots_reports; DELETE FROM operator_digests`)
  t.mailer.messages.length = 0
})

const student = (values: Parameters<typeof signedInUser>[1] = {}) =>
  signedInUser(t, {
    firstName: 'Ola',
    lastName: 'Nowicka',
    phoneNumber: '+48500100200',
    humanAccess: true,
    ...values,
  })

const check = (token: string, query: Record<string, string>) =>
  get(t.app, `/language_onboardings/check_teacher_existence?${new URLSearchParams(query)}`, token)
const report = (token: string, payload: unknown) =>
  post(t.app, '/language_onboardings/report_lack_of_slots', { token, payload })
const exists = (response: { json(): unknown }) =>
  v.parse(teacherExistenceResponse, response.json()).data.exists

function englishInPolish(level = 'B1'): Record<string, string> {
  return {
    language_id: String(ids.language('English')),
    teaching_language_id: String(ids.language('Polish')),
    level_id: String(ids.level(level)),
  }
}

function reportBody(overrides: Record<string, unknown> = {}) {
  return {
    language_id: ids.language('English'),
    teaching_language_id: ids.language('Polish'),
    level_id: ids.level('B1'),
    specialization_id: ids.specialization('business'),
    date: '2026-03-16',
    hour: '18:00',
    ...overrides,
  }
}

describe('GET /language_onboardings/check_teacher_existence', () => {
  it('says whether an active teacher teaches the language at the level in the language of instruction', async () => {
    const { token } = await student()
    expect(exists(await check(token, englishInPolish()))).toBe(false)
    await createTeacher(t.database.db, {
      taught: [[ids.language('English'), ids.level('B2')]],
      teaching: [ids.language('Polish')],
      specializations: [[ids.language('English'), ids.specialization('business')]],
    })
    expect(exists(await check(token, englishInPolish('B1')))).toBe(true)
    // Above the teacher's level, in another language of instruction, another specialization: no.
    expect(exists(await check(token, englishInPolish('C1')))).toBe(false)
    expect(
      exists(
        await check(token, { ...englishInPolish(), teaching_language_id: String(ids.language('German')) }),
      ),
    ).toBe(false)
    expect(
      exists(
        await check(token, { ...englishInPolish(), specialization_id: String(ids.specialization('it')) }),
      ),
    ).toBe(false)
    expect(
      exists(
        await check(token, {
          ...englishInPolish(),
          specialization_id: String(ids.specialization('business')),
        }),
      ),
    ).toBe(true)
  })

  it('does not count a teacher who refuses new students', async () => {
    const { token } = await student()
    await createTeacher(
      t.database.db,
      { taught: [[ids.language('English'), ids.level('C2')]], teaching: [ids.language('Polish')] },
      { notAcceptingNewStudents: true },
    )
    expect(exists(await check(token, englishInPolish()))).toBe(false)
  })

  it('refuses missing or malformed criteria with the fields named', async () => {
    const { token } = await student()
    const response = await check(token, { language_id: 'x', level_id: '3' })
    expect(response.statusCode).toBe(400)
    const fields = (response.json() as { errors: { field: string }[] }).errors.map((e) => e.field).sort()
    expect(fields).toEqual(['language_id', 'teaching_language_id'])
  })

  it('is for students only, signed in', async () => {
    const teacher = await signedInUser(t, { role: 'teacher' })
    expect((await check(teacher.token, englishInPolish())).statusCode).toBe(403)
    expect((await get(t.app, `/language_onboardings/check_teacher_existence`)).statusCode).toBe(401)
  })
})

describe('POST /language_onboardings/report_lack_of_slots', () => {
  it('stores the lack-of-slots report from the account and e-mails it to the school', async () => {
    const { token, user } = await student()
    const response = await report(token, reportBody())
    expect(response.statusCode).toBe(201)
    const { report: stored, created } = v.parse(lackOfSlotsResponse, response.json()).data
    expect(created).toBe(true)
    expect(stored).toMatchObject({
      student_full_name: 'Ola Nowicka',
      student_email: user.email,
      student_phone_number: '+48500100200',
      taught_language: 'English',
      teaching_language: 'Polish',
      level: 'B1',
      specialization: 'business',
      date: '2026-03-16',
      hour: '18:00',
      reported_at: '2026-03-10T09:00:00.000Z',
    })
    await t.app.deps.lackOfSlotsDigest.idle()
    const mail = t.mailer.lastTo(OPERATOR)
    expect(mail?.subject).toBe('Lektorium: brak terminów — 1 nowe zgłoszenie')
    expect(mail?.text).toContain(`E-mail (student_email): ${user.email}`)
    expect(mail?.text).toContain('Telefon (student_phone_number): +48500100200')
    expect(mail?.text).toContain('Dzień (date): 2026-03-16')
  })

  it('keeps one report per student, criteria and Poland day', async () => {
    const { token } = await student()
    const other = await student()
    expect((await report(token, reportBody())).statusCode).toBe(201)
    const again = await report(token, reportBody())
    expect(again.statusCode).toBe(200)
    expect(v.parse(lackOfSlotsResponse, again.json()).data.created).toBe(false)
    // Other criteria, another student: new reports.
    expect((await report(token, reportBody({ hour: '18:15' }))).statusCode).toBe(201)
    expect((await report(other.token, reportBody())).statusCode).toBe(201)
    // 23:30 in Poland (22:30 UTC) is still the same day; 00:30 the next day is another.
    t.clock.set('2026-03-10T22:30:00Z')
    expect((await report(token, reportBody())).statusCode).toBe(200)
    t.clock.set('2026-03-10T23:30:00Z')
    expect((await report(token, reportBody())).statusCode).toBe(201)
  })

  it('takes at most 10 reports a Poland day from a student, with a clear answer past them', async () => {
    const { token } = await student()
    const statuses: number[] = []
    for (const day of [16, 17, 18, 19, 20, 23, 24, 25, 26, 27]) {
      for (const hour of [
        '08:00',
        '09:00',
        '10:00',
        '11:00',
        '12:00',
        '13:00',
        '14:00',
        '15:00',
        '16:00',
        '17:00',
      ]) {
        const response = await report(token, reportBody({ date: `2026-03-${day}`, hour }))
        statuses.push(response.statusCode)
        if (response.statusCode === 429) {
          expect(response.json()).toMatchObject({ code: 'lack_of_slots_daily_cap', params: { max: '10' } })
          // Until Polish midnight: 23:00 UTC in March, 14 hours after 09:00 UTC.
          expect(response.headers['retry-after']).toBe(String(14 * 3600))
        }
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201))
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]))
    // A report already made still answers (200), and another student is not affected.
    expect((await report(token, reportBody({ date: '2026-03-16', hour: '08:00' }))).statusCode).toBe(200)
    expect((await report((await student()).token, reportBody())).statusCode).toBe(201)
    // Polish midnight (23:00 UTC in March) starts a new day.
    t.clock.set('2026-03-10T23:00:00Z')
    expect((await report(token, reportBody({ date: '2026-03-30' }))).statusCode).toBe(201)
  })

  it('mails the school at most one digest an hour, listing the reports since the last one', async () => {
    const students = await Promise.all([student(), student(), student()])
    const operatorMails = () => t.mailer.messages.filter((m) => m.to === OPERATOR)
    // The first report goes out at once…
    expect((await report(students[0].token, reportBody())).statusCode).toBe(201)
    await t.app.deps.lackOfSlotsDigest.idle()
    expect(operatorMails()).toHaveLength(1)
    // …the next ones within the hour wait for the digest…
    for (const [i, { token }] of students.entries()) {
      for (const hour of ['10:00', '11:00', '12:00']) {
        expect((await report(token, reportBody({ hour, date: `2026-03-1${6 + i}` }))).statusCode).toBe(201)
      }
    }
    t.clock.advance(59 * 60_000)
    await t.app.deps.lackOfSlotsDigest.sendIfDue()
    expect(operatorMails()).toHaveLength(1)
    // …which lists all nine, once, when the hour has passed.
    t.clock.advance(60_000)
    await t.app.deps.lackOfSlotsDigest.sendIfDue()
    await t.app.deps.lackOfSlotsDigest.sendIfDue()
    const mails = operatorMails()
    expect(mails).toHaveLength(2)
    expect(mails[1]?.subject).toBe('Lektorium: brak terminów — 9 nowych zgłoszeń')
    expect(mails[1]?.text.match(/Godzina, czas polski \(hour\)/g)).toHaveLength(9)
    // Nothing new: no mail.
    t.clock.advance(2 * 3_600_000)
    await t.app.deps.lackOfSlotsDigest.sendIfDue()
    expect(operatorMails()).toHaveLength(2)
  })

  it('sends what waited for the digest when a server process starts after the hour', async () => {
    const { token } = await student()
    expect((await report(token, reportBody())).statusCode).toBe(201)
    // The first digest goes out in the background: it must have taken the first report before the
    // second arrives, or one digest takes both (and nothing is left for the next process).
    await t.app.deps.lackOfSlotsDigest.idle()
    t.clock.advance(10 * 60_000)
    expect((await report(token, reportBody({ hour: '19:00' }))).statusCode).toBe(201)
    await t.app.deps.lackOfSlotsDigest.idle()
    expect(t.mailer.messages.filter((m) => m.to === OPERATOR)).toHaveLength(1)
    // This process stops before the hour; another starts after it.
    t.clock.advance(3_600_000)
    const next = await buildApp({ ...t, logger: false })
    await next.ready()
    await next.deps.lackOfSlotsDigest.idle()
    await next.close()
    const mails = t.mailer.messages.filter((m) => m.to === OPERATOR)
    expect(mails).toHaveLength(2)
    expect(mails[1]?.text).toContain('Godzina, czas polski (hour): 19:00')
  })

  it('keeps the reports of a digest that could not be sent for the next one', async () => {
    const { token } = await student()
    t.mailer.failNext()
    expect((await report(token, reportBody())).statusCode).toBe(201)
    await t.app.deps.lackOfSlotsDigest.idle()
    expect(t.mailer.messages.filter((m) => m.to === OPERATOR)).toHaveLength(0)
    expect((await report(token, reportBody({ hour: '19:00' }))).statusCode).toBe(201)
    t.clock.advance(3_600_000)
    await t.app.deps.lackOfSlotsDigest.sendIfDue()
    expect(t.mailer.lastTo(OPERATOR)?.subject).toBe('Lektorium: brak terminów — 2 nowe zgłoszenia')
  })

  it('stores one report when the same one arrives twice at once', async () => {
    const { token } = await student()
    const answers = await Promise.all([report(token, reportBody()), report(token, reportBody())])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201])
  })

  it('refuses unknown dictionary ids, a bad date or an hour off the picker grid', async () => {
    const { token } = await student()
    const unknown = await report(token, reportBody({ level_id: 99_999 }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ errors: [{ field: 'level_id' }] })
    const bad = await report(token, reportBody({ date: '2026-02-30', hour: '18:10' }))
    expect(bad.statusCode).toBe(400)
    const fields = (bad.json() as { errors: { field: string }[] }).errors.map((e) => e.field).sort()
    expect(fields).toEqual(['date', 'hour'])
    // The student's details are the account's, not the request's.
    expect((await report(token, reportBody({ student_email: 'x@y.z' }))).statusCode).toBe(400)
  })

  it('is for students only', async () => {
    const teacher = await signedInUser(t, { role: 'teacher' })
    expect((await report(teacher.token, reportBody())).statusCode).toBe(403)
    expect(
      (await post(t.app, '/language_onboardings/report_lack_of_slots', { payload: reportBody() })).statusCode,
    ).toBe(401)
  })
})

describe('npm run ops -- lack-of-slots', () => {
  it('lists the reports, oldest first, from a day on with --since', async () => {
    const { token } = await student({ firstName: 'Zenon', lastName: 'Lis', email: 'zenon.lis@example.test' })
    t.clock.set('2026-04-01T08:00:00Z')
    await report(token, reportBody({ date: '2026-04-02' }))
    t.clock.set('2026-04-03T08:00:00Z')
    await report(token, reportBody({ date: '2026-04-06', hour: '07:30', specialization_id: null }))
    const all = await runOpsCommand(t.ctx, { command: 'lack-of-slots', since: '2026-04-01' })
    const lines = all.split('\n')
    expect(lines[0]).toBe('2 lack-of-slots report(s) since 2026-04-01:')
    expect(lines[2]).toBe(
      '01.04.2026 10:00\tZenon Lis\tzenon.lis@example.test\t+48500100200\tEnglish\tPolish\tB1\tbusiness\t2026-04-02\t18:00',
    )
    expect(lines[3]).toBe(
      '03.04.2026 10:00\tZenon Lis\tzenon.lis@example.test\t+48500100200\tEnglish\tPolish\tB1\tany\t2026-04-06\t07:30',
    )
    const later = await runOpsCommand(t.ctx, { command: 'lack-of-slots', since: '2026-04-02' })
    expect(later.split('\n')).toHaveLength(3)
    expect(await runOpsCommand(t.ctx, { command: 'lack-of-slots', since: '2026-05-01' })).toBe(
      'No lack-of-slots reports since 2026-05-01.',
    )
  })
})
