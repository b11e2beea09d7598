import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileResponse } from '../../../domain/api/profile.ts'
import { teacherSpecializations, teacherTaughtLanguages, teacherTeachingLanguages } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer, createUser, signIn } from '../../test-support/fixtures.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) })

describe('GET /students/me', () => {
  it("returns the student's own profile in the Profile shape", async () => {
    const student = await createUser(t.database.db, {
      firstName: 'Marta',
      lastName: 'Dąbrowska',
      humanAccess: true,
      activeUntil: '2026-09-30',
      companyName: 'Partner Sp. z o.o.',
      warnedAt: new Date('2026-03-01T10:00:00Z'),
      locale: 'en',
    })
    const { token } = await signIn(t.app, student.email)
    const response = await get('/students/me', token)
    expect(response.statusCode).toBe(200)
    const profile = v.parse(profileResponse, response.json()).data
    expect(profile).toMatchObject({
      id: student.id,
      email: student.email,
      role: 'student',
      registration_completed: true,
      registration_complete: true,
      first_name: 'Marta',
      last_name: 'Dąbrowska',
      human_access: true,
      ai_access: false,
      active_until: '2026-09-30',
      company_name: 'Partner Sp. z o.o.',
      warned_at: '2026-03-01T10:00:00.000Z',
      banned_until: null,
      image_url: null,
      locale: 'en',
      languages_learned: [],
    })
    expect(JSON.stringify(response.json())).not.toMatch(/password|hash/i)
  })

  it('refuses a teacher with 403', async () => {
    const teacher = await createUser(t.database.db, { role: 'teacher' })
    const { token } = await signIn(t.app, teacher.email)
    const response = await get('/students/me', token)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: 'You do not have permission to do this', code: 'forbidden' })
  })

  it('requires a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/students/me' })
    expect(response.statusCode).toBe(401)
  })
})

describe('GET /teachers/me', () => {
  it("returns the teacher's profile with taught languages, teaching languages and specializations", async () => {
    const teacher = await createUser(t.database.db, {
      role: 'teacher',
      iban: 'PL61109010140000071219812874',
      address: { street: 'Długa', buildingNumber: '1', zip: '00-001', city: 'Warszawa', country: 'Polska' },
    })
    await t.database.db
      .insert(teacherTaughtLanguages)
      .values({ teacherId: teacher.id, languageId: 1, levelId: 6 })
    await t.database.db.insert(teacherTeachingLanguages).values({ teacherId: teacher.id, languageId: 2 })
    await t.database.db
      .insert(teacherSpecializations)
      .values({ teacherId: teacher.id, languageId: 1, specializationId: 3 })
    const { token } = await signIn(t.app, teacher.email)
    const profile = v.parse(profileResponse, (await get('/teachers/me', token)).json()).data
    expect(profile).toMatchObject({
      role: 'teacher',
      iban: 'PL61109010140000071219812874',
      address: { street: 'Długa', buildingNumber: '1', zip: '00-001', city: 'Warszawa', country: 'Polska' },
      taught_languages: [{ language_id: 1, level_id: 6 }],
      teaching_languages: [2],
      language_specializations: [{ specialization_id: 3, language_id: 1 }],
    })
  })

  it('refuses a student with 403', async () => {
    const student = await createUser(t.database.db)
    const { token } = await signIn(t.app, student.email)
    expect((await get('/teachers/me', token)).statusCode).toBe(403)
  })
})

describe('POST /users/validate_email', () => {
  const validate = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/validate_email', payload })

  it('accepts a free address', async () => {
    const response = await validate({ email: 'free.address@example.com' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { valid: true } })
  })

  it('answers 409 for an address in use, whatever its case', async () => {
    const user = await createUser(t.database.db)
    const response = await validate({ email: user.email.toUpperCase() })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ error: 'This email is already in use', code: 'email_taken' })
  })

  it("rejects an invalid address with the spec's field message", async () => {
    const response = await validate({ email: 'not-an-address' })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { field: 'email', message: 'Please enter a valid e-mail address', code: 'email' },
    ])
    const missing = await validate({})
    expect(missing.json().errors).toEqual([
      { field: 'email', message: 'This field is required', code: 'required' },
    ])
  })
})
