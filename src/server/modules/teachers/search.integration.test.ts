import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { teacherStudents } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser } from '../../test-support/fixtures.ts'
import { get } from '../../test-support/http.ts'
import {
  addSlot,
  createTeacher,
  dictionaryIds,
  parseSearch,
  removeTeachers,
  searchTeachers,
  tokenOf,
} from '../../test-support/teacher-fixtures.ts'

// GET /teachers/search — the teacher filters, the result and paginated wrapper of product-rules.md
// "Records and fields", and query validation. The free-slot rules are in
// search-slots.integration.test.ts.

let t: TestApp
let ids: Awaited<ReturnType<typeof dictionaryIds>>
let token: string
beforeAll(async () => {
  t = await buildTestApp()
  ids = await dictionaryIds(t.database.db)
  token = await tokenOf(t, await createUser(t.database.db, { humanAccess: true }))
})
afterAll(() => t.close())
// Tuesday 10 March 2026, 10:00 Poland time: the schedule range is 9–22 March.
beforeEach(async () => {
  t.clock.set('2026-03-10T09:00:00Z')
  await removeTeachers(t.database.db)
})

const search = async (query: Record<string, string> = {}) => {
  const response = await searchTeachers(t, token, query)
  expect(response.statusCode).toBe(200)
  return parseSearch(response.json())
}
const namesOf = (page: { data: { last_name: string }[] }) => page.data.map((teacher) => teacher.last_name)

describe('GET /teachers/search: filters', () => {
  it('returns every active teacher without day and time, in the shape of a search result', async () => {
    const db = t.database.db
    const english = ids.language('English')
    const anna = await createTeacher(
      db,
      { taught: [[english, ids.level('C1')]] },
      { lastName: 'Adamska', notAcceptingNewStudents: true },
    )
    await addSlot(db, anna.id, '2026-03-12T07:00:00Z')
    await createTeacher(db, {}, { lastName: 'Bielska' })
    await createTeacher(db, {}, { lastName: 'Pending', status: 'pending_verification' })
    await createTeacher(db, {}, { lastName: 'Inactive', status: 'inactive' })
    await createUser(db, { lastName: 'Student' })

    const page = await search()
    // Anna takes no new students: for this student she has no free slot and comes last.
    expect(page).toEqual({
      data: [
        expect.objectContaining({ last_name: 'Bielska', next_free_slot: null, taught_languages: [] }),
        {
          id: anna.id,
          first_name: 'Anna',
          last_name: 'Adamska',
          average_rating: null,
          image_url: null,
          taught_languages: [{ id: english, level: { id: ids.level('C1') } }],
          not_accepting_new_students: true,
          next_free_slot: null,
        },
      ],
      currentPage: 1,
      lastPage: 1,
      perPage: 10,
      total: 2,
    })
  })

  // "Najbliższy wolny termin" once led to the overlay of a teacher who refuses you.
  it('shows a teacher who takes no new students as bookable only to the students on their list', async () => {
    const db = t.database.db
    const closed = await createTeacher(db, {}, { lastName: 'Closed', notAcceptingNewStudents: true })
    await addSlot(db, closed.id, '2026-03-12T07:00:00Z')
    const open = await createTeacher(db, {}, { lastName: 'Open' })
    await addSlot(db, open.id, '2026-03-13T07:00:00Z')
    const allowed = await createUser(db, { humanAccess: true })
    await db.insert(teacherStudents).values({ teacherId: closed.id, studentId: allowed.id })

    const refused = await search({ day: '2026-03-12' })
    expect(namesOf(refused)).toEqual([])
    const asAllowed = await searchTeachers(t, await tokenOf(t, allowed), {})
    expect(
      parseSearch(asAllowed.json()).data.map((r) => [
        r.last_name,
        r.not_accepting_new_students,
        r.next_free_slot,
      ]),
    ).toEqual([
      ['Closed', false, '2026-03-12T07:00:00.000Z'],
      ['Open', false, '2026-03-13T07:00:00.000Z'],
    ])
    // A teacher looking sees the teacher's own setting.
    const asTeacher = await searchTeachers(t, await tokenOf(t, open), {})
    expect(
      parseSearch(asTeacher.json()).data.map((r) => [r.last_name, r.not_accepting_new_students]),
    ).toEqual([
      ['Closed', true],
      ['Open', false],
    ])
  })

  it('filters by taught language', async () => {
    const db = t.database.db
    await createTeacher(db, { taught: [[ids.language('English'), ids.level('B2')]] }, { lastName: 'English' })
    await createTeacher(db, { taught: [[ids.language('Spanish'), ids.level('B2')]] }, { lastName: 'Spanish' })
    expect(namesOf(await search({ language_id: String(ids.language('Spanish')) }))).toEqual(['Spanish'])
  })

  it('filters by level: taught at that level or higher, for the language when one is given', async () => {
    const db = t.database.db
    const [english, spanish] = [ids.language('English'), ids.language('Spanish')]
    await createTeacher(db, { taught: [[english, ids.level('C1')]] }, { lastName: 'Higher' })
    await createTeacher(db, { taught: [[english, ids.level('B2')]] }, { lastName: 'Same' })
    await createTeacher(db, { taught: [[english, ids.level('A2')]] }, { lastName: 'Lower' })
    await createTeacher(
      db,
      {
        taught: [
          [english, ids.level('A1')],
          [spanish, ids.level('C2')],
        ],
      },
      { lastName: 'Other' },
    )
    const b2 = String(ids.level('B2'))
    expect(namesOf(await search({ level_id: b2 }))).toEqual(['Higher', 'Other', 'Same'])
    expect(namesOf(await search({ level_id: b2, language_id: String(english) }))).toEqual(['Higher', 'Same'])
    expect(
      namesOf(await search({ level_id: String(ids.level('C2')), language_id: String(english) })),
    ).toEqual([])
  })

  it('filters by the language the lessons are taught in', async () => {
    const db = t.database.db
    await createTeacher(db, { teaching: [ids.language('Polish')] }, { lastName: 'InPolish' })
    await createTeacher(db, { teaching: [ids.language('English')] }, { lastName: 'InEnglish' })
    const query = { teaching_language_id: String(ids.language('Polish')) }
    expect(namesOf(await search(query))).toEqual(['InPolish'])
  })

  it('filters by specialization, for the language when one is given', async () => {
    const db = t.database.db
    const [english, spanish, business] = [
      ids.language('English'),
      ids.language('Spanish'),
      ids.specialization('business'),
    ]
    const taught = (language: number): [number, number][] => [[language, ids.level('C1')]]
    await createTeacher(
      db,
      { taught: taught(english), specializations: [[english, business]] },
      { lastName: 'EnglishBusiness' },
    )
    await createTeacher(
      db,
      { taught: [...taught(english), ...taught(spanish)], specializations: [[spanish, business]] },
      { lastName: 'SpanishBusiness' },
    )
    await createTeacher(
      db,
      { taught: taught(english), specializations: [[english, ids.specialization('it')]] },
      { lastName: 'EnglishIt' },
    )
    const query = { specialization_id: String(business) }
    expect(namesOf(await search(query))).toEqual(['EnglishBusiness', 'SpanishBusiness'])
    expect(namesOf(await search({ ...query, language_id: String(english) }))).toEqual(['EnglishBusiness'])
  })

  it('lists every taught language of a result in language order', async () => {
    const db = t.database.db
    const [english, spanish] = [ids.language('English'), ids.language('Spanish')]
    await createTeacher(db, {
      taught: [
        [spanish, ids.level('B1')],
        [english, ids.level('C2')],
      ],
    })
    const [result] = (await search()).data
    expect(result?.taught_languages).toEqual([
      { id: english, level: { id: ids.level('C2') } },
      { id: spanish, level: { id: ids.level('B1') } },
    ])
  })
})

describe('GET /teachers/search: the paginated wrapper', () => {
  it('pages through the results and reports the total and the last page', async () => {
    for (const lastName of ['Ewa', 'Dudek', 'Cichy', 'Bury', 'Adam']) {
      await createTeacher(t.database.db, {}, { lastName })
    }
    const second = await search({ page: '2', per_page: '2' })
    expect(second).toMatchObject({ currentPage: 2, lastPage: 3, perPage: 2, total: 5 })
    expect(namesOf(second)).toEqual(['Cichy', 'Dudek'])
    expect(namesOf(await search({ page: '3', per_page: '2' }))).toEqual(['Ewa'])
    const past = await search({ page: '4', per_page: '2' })
    expect(past).toEqual({ data: [], currentPage: 4, lastPage: 3, perPage: 2, total: 5 })
  })

  it('answers an empty first page with lastPage 1', async () => {
    const page = await search({ language_id: String(ids.language('Hebrew')) })
    expect(page).toEqual({ data: [], currentPage: 1, lastPage: 1, perPage: 10, total: 0 })
  })
})

describe('GET /teachers/search: validation', () => {
  it.each([
    [{ time: 'not json' }, 'time', 'time_format'],
    [{ time: JSON.stringify({ from: '8:00', to: '10:00' }) }, 'time.from', 'time_format'],
    [{ time: JSON.stringify({ from: '12:00', to: '10:00' }) }, 'time', 'time_window'],
    [{ time: JSON.stringify({ from: '12:00' }) }, 'time.to', 'required'],
    [{ day: '2026-02-30' }, 'day', 'date_format'],
    [{ day: 'tomorrow' }, 'day', 'date_format'],
    [{ language_id: 'abc' }, 'language_id', 'invalid'],
    [{ level_id: '0' }, 'level_id', 'invalid'],
    [{ page: '0' }, 'page', 'invalid'],
    [{ per_page: '51' }, 'per_page', 'invalid'],
  ])('answers 400 for %j', async (query, field, code) => {
    const response = await searchTeachers(t, token, query)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'validation_failed' })
    expect(response.json().errors).toContainEqual(expect.objectContaining({ field, code }))
  })

  it('accepts 50 results a page', async () => {
    expect((await search({ per_page: '50' })).perPage).toBe(50)
  })

  it('answers 401 without a session', async () => {
    expect((await get(t.app, '/teachers/search')).statusCode).toBe(401)
  })
})
