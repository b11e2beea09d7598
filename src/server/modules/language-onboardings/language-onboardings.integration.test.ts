import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lackOfSlotsResponse, teacherExistenceResponse } from '../../../domain/api/language-onboardings.ts'
import { runOpsCommand } from '../../cli/commands.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { get, post } from '../../test-support/http.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { createTeacher, dictionaryIds, removeTeachers } from '../../test-support/teacher-fixtures.ts'

// issue #14 item 4: GET /language_onboardings/check_teacher_existence and POST
// /language_onboardings/report_lack_of_slots (spec §3, §4, §7), and `ops lack-of-slots`.

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
  it('stores the spec §3 report from the account and e-mails it to the school', async () => {
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
    await t.app.deps.mail.idle()
    const mail = t.mailer.lastTo(OPERATOR)
    expect(mail?.subject).toBe('Lektorium: brak terminów — English B1, 2026-03-16 18:00')
    expect(mail?.text).toContain(`E-mail (student_email): ${user.email}`)
    expect(mail?.text).toContain('Telefon (student_phone_number): +48500100200')
  })

  it('keeps one report per student, criteria and Poland day, and mails it once', async () => {
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
    await t.app.deps.mail.idle()
    expect(t.mailer.messages.filter((m) => m.to === OPERATOR)).toHaveLength(4)
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
