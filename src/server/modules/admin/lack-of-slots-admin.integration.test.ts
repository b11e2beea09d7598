import { eq, inArray } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { lackOfSlotsHandleResponse, lackOfSlotsResponse } from '../../../domain/api/admin-overview.ts'
import { auditLog } from '../../db/schema-admin.ts'
import { lackOfSlotsReports } from '../../db/schema-onboarding.ts'
import { startConsoleTest } from '../../test-support/console-test.ts'
import { createUser } from '../../test-support/fixtures.ts'

// The console's lack-of-slots requests (Lack-of-slots report, product-rules.md "Records and
// fields"), grouped by the language to learn, the level and the hour of the day, and marked handled
// (audited).

const c = startConsoleTest()
const { post } = c
const get = (query: Record<string, string> = {}) => c.get('/admin/lack_of_slots/index', query)
const parse = (body: unknown) => v.parse(lackOfSlotsResponse, body).data

/** A request of a new student, `minutesAgo` before the test clock's now. */
async function request(
  values: { taught: string; level: string; hour: string; teaching?: string },
  minutesAgo: number,
) {
  const student = await createUser(c.t.database.db, { firstName: 'Ola', lastName: 'Lis' })
  const [row] = await c.t.database.db
    .insert(lackOfSlotsReports)
    .values({
      studentId: student.id,
      criteria: `${values.taught}/${values.level}/${values.hour}`,
      reportedOn: '2026-03-10',
      studentFullName: 'Ola Lis',
      studentEmail: student.email,
      studentPhoneNumber: '+48500100200',
      teachingLanguage: values.teaching ?? 'Polish',
      taughtLanguage: values.taught,
      level: values.level,
      specialization: null,
      date: '2026-03-12',
      hour: values.hour,
      createdAt: new Date(c.t.clock.now().getTime() - minutesAgo * 60_000),
    })
    .returning()
  if (!row) throw new Error('no row')
  return row
}

describe('GET /admin/lack_of_slots/index and POST /admin/lack_of_slots/handle', () => {
  it('groups by language, level and hour, most requested first, and marks them handled', async () => {
    const a1 = await request({ taught: 'Japanese', level: 'A1', hour: '18:00' }, 50)
    const a2 = await request({ taught: 'Japanese', level: 'A1', hour: '18:30', teaching: 'English' }, 40)
    const a3 = await request({ taught: 'Japanese', level: 'A1', hour: '18:45' }, 30)
    const b1 = await request({ taught: 'Japanese', level: 'B2', hour: '07:30' }, 20)

    const groups = parse((await get({ taught_language: 'Japanese' })).json())
    expect(groups.has_more).toBe(false)
    expect(groups.groups).toHaveLength(2)
    expect(groups.groups[0]).toMatchObject({
      key: { taught_language: 'Japanese', level: 'A1', hour: '18' },
      count: 3,
      unhandled: 3,
      teaching_languages: ['English', 'Polish'],
      first_at: a1.createdAt.toISOString(),
      last_at: a3.createdAt.toISOString(),
    })
    expect(groups.groups[0]?.latest.map((r) => r.id)).toEqual([a3.id, a2.id, a1.id])
    expect(groups.groups[0]?.latest[0]).toMatchObject({
      student: { name: 'Ola Lis', phone_number: '+48500100200' },
      date: '2026-03-12',
      hour: '18:45',
      handled_at: null,
    })
    expect(groups.groups[1]).toMatchObject({ key: { level: 'B2', hour: '07' }, count: 1 })

    // One by id, then the group up to when the operator looked: a later request stays waiting.
    const one = await post('/admin/lack_of_slots/handle', { ids: [b1.id] })
    expect(v.parse(lackOfSlotsHandleResponse, one.json()).data).toEqual({ handled: 1, ids: [b1.id] })
    const looked = c.t.clock.now().toISOString()
    c.t.clock.advance(60_000)
    const later = await request({ taught: 'Japanese', level: 'A1', hour: '18:15' }, 0)
    const group = await post('/admin/lack_of_slots/handle', {
      group: { taught_language: 'Japanese', level: 'A1', hour: '18' },
      until: looked,
    })
    expect(group.statusCode).toBe(200)
    expect(group.json().data.handled).toBe(3)
    const rows = await c.t.database.db
      .select()
      .from(lackOfSlotsReports)
      .where(inArray(lackOfSlotsReports.id, [a1.id, a2.id, a3.id, later.id]))
    expect(
      rows
        .filter((r) => r.handledAt !== null)
        .map((r) => r.id)
        .sort(),
    ).toEqual([a1.id, a2.id, a3.id].sort())
    expect(rows.find((r) => r.id === a1.id)?.handledBy).toBe(c.operatorId)

    const waiting = parse((await get({ taught_language: 'Japanese' })).json())
    expect(waiting.groups.map((g) => [g.key.level, g.count])).toEqual([['A1', 1]])
    const handled = parse((await get({ taught_language: 'Japanese', handled: 'handled' })).json())
    expect(handled.groups.map((g) => [g.key.level, g.count])).toEqual([
      ['A1', 3],
      ['B2', 1],
    ])
    expect(handled.groups[0]?.latest[0]?.handled_by).toEqual({ id: c.operatorId, email: expect.any(String) })
    const all = parse((await get({ taught_language: 'Japanese', handled: 'all' })).json())
    expect(all.groups[0]).toMatchObject({ count: 4, unhandled: 1 })

    const entries = await c.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'lack_of_slots.handle'))
    expect(entries).toHaveLength(2)
    expect(entries[1]).toMatchObject({
      actorKind: 'operator',
      actorId: c.operatorId,
      targetType: 'lack_of_slots_report',
      targetId: 'Japanese|A1|18',
      before: { ids: [a1.id, a2.id, a3.id].sort(), handled_at: null },
      after: { handled_at: c.t.clock.now().toISOString() },
    })
    // Handling what is handled changes nothing and writes no entry.
    const twice = await post('/admin/lack_of_slots/handle', { ids: [b1.id] })
    expect(twice.json().data).toEqual({ handled: 0, ids: [] })
    expect(
      await c.t.database.db.select().from(auditLog).where(eq(auditLog.action, 'lack_of_slots.handle')),
    ).toHaveLength(2)
  })

  it('pages the groups', async () => {
    await request({ taught: 'Korean', level: 'A1', hour: '09:00' }, 5)
    await request({ taught: 'Korean', level: 'A2', hour: '09:00' }, 4)
    const first = parse((await get({ taught_language: 'Korean', per_page: '1' })).json())
    expect(first).toMatchObject({ page: 1, has_more: true })
    const second = parse((await get({ taught_language: 'Korean', per_page: '1', page: '2' })).json())
    expect(second.has_more).toBe(false)
    expect(second.groups[0]?.key.level).not.toBe(first.groups[0]?.key.level)
  })

  it('answers bad input with field errors', async () => {
    const bad = await get({ handled: 'maybe' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('handled')
    const unknown = await post('/admin/lack_of_slots/handle', { ids: [crypto.randomUUID()] })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors[0]).toMatchObject({ field: 'ids.0', code: 'invalid' })
    for (const body of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { group: { taught_language: 'English', level: 'B1', hour: '25' } },
    ]) {
      const answer = await post('/admin/lack_of_slots/handle', body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
    }
  })
})
