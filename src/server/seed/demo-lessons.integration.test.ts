import { and, eq, gt, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { timeSlots, users } from '../db/schema.ts'
import { lessons } from '../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { signIn } from '../test-support/fixtures.ts'
import { timetableOf } from '../test-support/lessons.ts'
import {
  getWith,
  parseLesson,
  parseLessonPage,
  parseScheduled,
  postJson,
} from '../test-support/my-lessons.ts'
import { DEMO_PASSWORD } from './demo-accounts.ts'
import { DEMO_LESSON_EMAILS } from './demo-lessons.ts'
import { DEMO_STUDENTS } from './demo-students.ts'
import { seedDemoData } from './seed.ts'

// The demo lessons (demo-lessons.ts), seeded on Tuesday 10 March 2026 at 17:20 Poland
// time — inside Anna's working hours, so her extra "soon" slot cuts into them.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
  t.clock.set('2026-03-10T16:20:00Z')
  await seedDemoData(t.ctx)
})
afterAll(() => t.close())

const MINUTE = 60_000
const idOf = async (email: string) => {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no ${email}`)
  return row.id
}
const tokenOf = async (email: string) => (await signIn(t.app, email, { password: DEMO_PASSWORD })).token

describe('demo lessons', () => {
  it('give no student who books and existed before them a lesson that has not ended', async () => {
    // Group-only students book nothing: their class's coming meetings use no booking limit.
    const earlier = DEMO_STUDENTS.filter((s) => !s.onlyGroupLessons)
      .map((s) => s.email)
      .filter((email) => email !== DEMO_LESSON_EMAILS.piotr)
    const upcoming = await t.database.db
      .select({ email: users.email })
      .from(lessons)
      .innerJoin(users, eq(users.id, lessons.studentId))
      .where(and(inArray(users.email, earlier), gt(lessons.endsAt, t.clock.now())))
    expect(upcoming).toEqual([])
  })

  it('give Marta three finished lessons with Anna (one rated, one with a memo and a material) and a cancelled one', async () => {
    const token = await tokenOf(DEMO_LESSON_EMAILS.marta)
    expect(parseScheduled((await getWith(t, token, '/lessons/list_scheduled')).json()).lessons).toEqual([])
    const page = parseLessonPage((await getWith(t, token, '/lessons/list_finished')).json())
    expect(page.total).toBe(4)
    expect(page.data.every((l) => l.fullName === 'Anna Nowak' && l.language.name === 'English')).toBe(true)
    expect(page.data.map((l) => l.status).sort()).toEqual(['cancelled', 'finished', 'finished', 'finished'])
    expect(page.data.filter((l) => l.rating)).toMatchObject([{ rating: { value: 5 } }])
    const withMaterial = page.data.filter((l) => l.lesson_files.length > 0)
    expect(withMaterial).toMatchObject([
      { teacher_memos: expect.any(String), lesson_files: [{ type: 'teacher', content_type: 'pdf' }] },
    ])
    const file = withMaterial[0]?.lesson_files[0]
    const download = await t.app.inject({
      method: 'GET',
      url: file?.file_url ?? '',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(page.data.find((l) => l.status === 'cancelled')).toMatchObject({ cancelled_by_role: 'student' })
  })

  it('give Piotr a lesson starting within a quarter hour, one about two days ahead and one finished the day before', async () => {
    const token = await tokenOf(DEMO_LESSON_EMAILS.piotr)
    const now = t.clock.now().getTime()
    const scheduled = parseScheduled((await getWith(t, token, '/lessons/list_scheduled')).json())
    const [soon, later] = scheduled.lessons
    expect(scheduled.lessons).toHaveLength(2)
    // 17:30 Poland time, 10 minutes after the seeding.
    expect(soon?.scheduled_at).toBe('2026-03-10T16:30:00.000Z')
    const laterStart = new Date(later?.scheduled_at ?? '').getTime()
    expect(laterStart - now).toBeGreaterThanOrEqual(2 * 24 * 60 * MINUTE)
    expect(laterStart - now).toBeLessThan(4 * 24 * 60 * MINUTE)
    const finished = parseLessonPage((await getWith(t, token, '/lessons/list_finished')).json()).data
    expect(finished.map((l) => l.scheduled_at)).toEqual(['2026-03-09T18:45:00.000Z'])

    // Both upcoming lessons hold a real slot of Anna's timetable, at the slot's times.
    const anna = await idOf(DEMO_LESSON_EMAILS.anna)
    for (const lesson of [soon, later]) {
      const [row] = await t.database.db
        .select({ slot: timeSlots, lesson: lessons })
        .from(lessons)
        .innerJoin(timeSlots, eq(timeSlots.id, lessons.timeSlotId))
        .where(eq(lessons.id, lesson?.id ?? ''))
      expect(row?.slot.teacherId).toBe(anna)
      expect(row?.slot.startsAt).toEqual(row?.lesson.startsAt)
      expect(row?.slot.endsAt).toEqual(row?.lesson.endsAt)
    }
    // The soon lesson can be joined and reported on already (product-rules.md "Join window": from
    // 15 minutes before).
    const report = await postJson(t, token, '/lessons/report_absence', {
      lesson_id: soon?.id,
      absentee_id: anna,
      note: 'Demo',
    })
    expect(parseLesson(report.json()).my_absence_report).toMatchObject({ absentee_id: anna })
  })

  it('keep Anna’s working hours around the extra slot, and her average rating true', async () => {
    const anna = await idOf(DEMO_LESSON_EMAILS.anna)
    const token = await tokenOf(DEMO_LESSON_EMAILS.marta)
    const week = await timetableOf(t, token, anna, '2026-03-10', '2026-03-10')
    expect(week.timetable[0]?.slots.map((s) => s.time)).toEqual(['16:00', '17:30', '18:30', '19:15'])
    const [row] = await t.database.db.select().from(users).where(eq(users.id, anna))
    expect(row).toMatchObject({ averageRating: 5, ratingsCount: 1 })
    const annaLessons = await t.database.db.select().from(lessons).where(eq(lessons.teacherId, anna))
    const spans = annaLessons
      .map((l) => ({ from: l.startsAt.getTime(), to: l.endsAt.getTime() }))
      .sort((a, b) => a.from - b.from)
    for (const [i, span] of spans.entries()) {
      if (i > 0) expect(span.from).toBeGreaterThanOrEqual(spans[i - 1]?.to ?? 0)
    }
  })

  it('put Krzysztof (group lessons only) in a German class: a meeting ended, one soon, one a week later', async () => {
    const token = await tokenOf(DEMO_LESSON_EMAILS.krzysztof)
    const page = parseLessonPage((await getWith(t, token, '/lessons/list_group')).json())
    const group = { title: 'Niemiecki w pracy B1', absent_at: null }
    expect(page.data).toMatchObject([
      { is_group: true, status: 'scheduled', group },
      { is_group: true, status: 'scheduled', group },
      {
        is_group: true,
        status: 'finished',
        language: { name: 'German' },
        student_memos: null,
        teacher_memos: 'Rozdział 4: tryb przypuszczający (Konjunktiv II).',
        group,
      },
    ])
    const soon = Date.parse(page.data[1]?.scheduled_at ?? '')
    expect(soon - t.clock.now().getTime()).toBeLessThanOrEqual(15 * 60_000)
    const roster = await getWith(t, await tokenOf(DEMO_LESSON_EMAILS.tomasz), '/lessons/group_roster', {
      lesson_id: page.data[1]?.id ?? '',
    })
    expect(roster.json()).toMatchObject({
      data: { students: [{ student: { last_name: 'Mazur' } }, { student: { last_name: 'Nowicki' } }] },
    })
    expect(parseScheduled((await getWith(t, token, '/lessons/list_scheduled')).json()).lessons).toEqual([])
  })

  it('are not added again when the seed runs again', async () => {
    const before = await t.database.db.select({ id: lessons.id }).from(lessons)
    expect(await seedDemoData(t.ctx)).toEqual({ created: 0 })
    expect(await t.database.db.select({ id: lessons.id }).from(lessons)).toEqual(before)
  })
})
