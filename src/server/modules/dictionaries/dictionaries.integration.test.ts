import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  languagesResponse,
  levelsResponse,
  specializationsResponse,
} from '../../../domain/api/dictionaries.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer, createUser, signIn } from '../../test-support/fixtures.ts'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await buildTestApp()
  token = (await signIn(t.app, (await createUser(t.database.db)).email)).token
})
afterAll(() => t.close())

const get = (url: string, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers })

describe('dictionaries', () => {
  it('lists the 22 languages in Polish alphabetical order with the genitive', async () => {
    const languages = v.parse(languagesResponse, (await get('/languages/list')).json()).data
    expect(languages).toHaveLength(22)
    const namesPl = languages.map((l) => l.name_pl)
    expect(namesPl).toEqual([...namesPl].sort(new Intl.Collator('pl').compare))
    expect(namesPl.slice(0, 3)).toEqual(['angielski', 'arabski', 'chiński'])
    expect(languages.find((l) => l.name === 'Mandarin')).toMatchObject({
      name_pl: 'mandaryński',
      conjugated_name: 'mandaryńskiego',
    })
    expect(languages.find((l) => l.name === 'English')).toMatchObject({
      name_pl: 'angielski',
      conjugated_name: 'angielskiego',
    })
  })

  it('lists the levels A1 to C2', async () => {
    const levels = v.parse(levelsResponse, (await get('/levels/list')).json()).data
    expect(levels.map((l) => l.name)).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2'])
  })

  it('lists the specializations with Polish names', async () => {
    const specializations = v.parse(specializationsResponse, (await get('/specializations/list')).json()).data
    expect(specializations.map((s) => [s.name, s.name_pl])).toEqual([
      ['teaching', 'nauczanie'],
      ['medicine', 'medycyna'],
      ['business', 'biznes'],
      ['translations', 'tłumaczenia'],
      ['hr', 'HR'],
      ['it', 'IT'],
      ['general', 'ogólny'],
      ['banking', 'bankowość'],
      ['money & banking', 'pieniądz i bankowość'],
    ])
  })

  it.each(['/languages/list', '/levels/list', '/specializations/list'])(
    '%s answers without a session (the teacher registration needs it)',
    async (url) => {
      expect((await get(url, {})).statusCode).toBe(200)
    },
  )

  it('keeps /settings/show behind a session', async () => {
    expect((await get('/settings/show', {})).statusCode).toBe(401)
  })
})

describe('GET /settings/show', () => {
  it('returns the settings with their defaults', async () => {
    const response = await get('/settings/show')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      data: { ban_duration: 14, cancellation_earliness: 24, lesson_earliness_condition: 12 },
    })
  })
})

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    const response = await get('/nope')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: 'No route GET /api/v1/nope', code: 'not_found' })
  })
})
