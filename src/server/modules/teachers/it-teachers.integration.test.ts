import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { itTeachersResponse } from '../../../domain/api/teachers.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser } from '../../test-support/fixtures.ts'
import { get } from '../../test-support/http.ts'
import {
  addLesson,
  addSlot,
  createTeacher,
  dictionaryIds,
  removeTeachers,
  tokenOf,
} from '../../test-support/teacher-fixtures.ts'

// GET /teachers/it_teachers (product-rules.md "Who uses it") — the active teachers with the IT
// specialization, for users whose company name contains PARTNER_COMPANY_NAME ('Partner' in tests).

let t: TestApp
let ids: Awaited<ReturnType<typeof dictionaryIds>>
beforeAll(async () => {
  t = await buildTestApp()
  ids = await dictionaryIds(t.database.db)
})
afterAll(() => t.close())
beforeEach(async () => {
  t.clock.set('2026-03-10T09:00:00Z')
  await removeTeachers(t.database.db)
})

const itTeachers = (token?: string) => get(t.app, '/teachers/it_teachers', token)

describe('GET /teachers/it_teachers', () => {
  it('lists the active IT teachers for a partner-company user, soonest free slot first', async () => {
    const db = t.database.db
    const [english, german, itSpecialization] = [
      ids.language('English'),
      ids.language('German'),
      ids.specialization('it'),
    ]
    const later = await createTeacher(
      db,
      { taught: [[english, ids.level('C1')]], specializations: [[english, itSpecialization]] },
      { lastName: 'Adamska' },
    )
    await addSlot(db, later.id, '2026-03-18T08:00:00Z')
    const sooner = await createTeacher(
      db,
      { taught: [[german, ids.level('C2')]], specializations: [[german, itSpecialization]] },
      { lastName: 'Zawada', notAcceptingNewStudents: true },
    )
    const booked = await addSlot(db, sooner.id, '2026-03-11T08:00:00Z')
    await addSlot(db, sooner.id, '2026-03-12T08:00:00Z')
    const someone = await createUser(db)
    await addLesson(db, { student: someone, slot: booked, languageId: german, levelId: ids.level('B1') })
    await createTeacher(
      db,
      { specializations: [[english, ids.specialization('business')]] },
      { lastName: 'Biz' },
    )
    await createTeacher(
      db,
      { specializations: [[english, itSpecialization]] },
      { lastName: 'Pending', status: 'pending_verification' },
    )

    const partner = await createUser(db, { companyName: 'ACME partner Sp. z o.o.' })
    const response = await itTeachers(await tokenOf(t, partner))
    expect(response.statusCode).toBe(200)
    const { data } = v.parse(itTeachersResponse, response.json())
    // Zawada takes no new students: for this student nothing of hers is free, so she comes last.
    expect(data.map((r) => [r.last_name, r.next_free_slot, r.not_accepting_new_students])).toEqual([
      ['Adamska', '2026-03-18T08:00:00.000Z', false],
      ['Zawada', null, true],
    ])
    expect(data[1]?.taught_languages).toEqual([{ id: german, level: { id: ids.level('C2') } }])
    // Each says the languages it teaches IT in.
    expect(data.map((r) => r.it_language_ids)).toEqual([[english], [german]])
  })

  it('answers 403 to anyone outside the partner company, teachers included', async () => {
    const db = t.database.db
    const outsiders = [
      await createUser(db, { companyName: 'Orbis Logistyka' }),
      await createUser(db, { companyName: null }),
      await createTeacher(db, {}, { companyName: null }),
    ]
    for (const user of outsiders) {
      const response = await itTeachers(await tokenOf(t, user))
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ code: 'forbidden' })
    }
  })

  it('answers 401 without a session', async () => {
    expect((await itTeachers()).statusCode).toBe(401)
  })
})
