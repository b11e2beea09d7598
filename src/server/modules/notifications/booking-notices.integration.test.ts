import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { toPolandParts } from '../../../domain/poland-time.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { lessonBookingNotices, lessonNotifications } from '../../db/schema-notifications.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bookableTeacher, bookingBody, bookingStudent, slotIds } from '../../test-support/lessons.ts'
import { storyNow } from '../../test-support/story-clock.ts'
import { bookLessons } from '../lessons/book-lessons.ts'
import { sweep } from './planner.ts'

// A booking's e-mails and the teacher's push are owed from the booking's commit: a process that
// dies before planning them (here: a booking whose process plans nothing) leaves them to the
// sweep, however long it is down, and they are planned once (docs/decisions.md "A booking's
// messages owed in its own transaction").

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(storyNow()))

/** What is planned for a lesson, as `kind/recipient`, sorted. */
async function plannedOf(lessonId: string): Promise<string[]> {
  const rows = await t.database.db
    .select()
    .from(lessonNotifications)
    .where(eq(lessonNotifications.lessonId, lessonId))
  return rows.map((row) => `${row.kind}/${row.recipient}`).sort()
}

const owed = async (lessonId: string) =>
  (await t.database.db.select().from(lessonBookingNotices).where(eq(lessonBookingNotices.lessonId, lessonId)))
    .length

/** Books the slot three days ahead at 08:00 as a process that dies before it plans anything. */
async function bookAndDie(): Promise<string> {
  const { teacher } = await bookableTeacher(t)
  const student = await bookingStudent(t)
  const day = toPolandParts(t.clock.now().getTime() + 3 * 86_400_000)
  const date = `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`
  const [slot = ''] = await slotIds(t, student.token, teacher.id, [[date, '08:00']])
  const dead = { booked: () => {}, idle: async () => {} }
  const answer = await bookLessons(
    { ...t.ctx, notifications: dead },
    student.user.id,
    bookingBody(teacher.id, [slot]),
    undefined,
  )
  const [lesson] = answer.body.data.lessons
  if (!lesson) throw new Error('nothing booked')
  return lesson.id
}

describe("a booking's messages", () => {
  it('are owed from the commit and planned by the sweep hours later, once', async () => {
    const lessonId = await bookAndDie()
    expect(await owed(lessonId)).toBe(1)
    expect(await plannedOf(lessonId)).toEqual([])

    // Down for five hours: the sweep of the restarted server still plans them.
    t.clock.set(new Date(t.clock.now().getTime() + 5 * 3_600_000))
    await sweep(t.app.deps)
    expect(await plannedOf(lessonId)).toEqual(['booked/student', 'booked/teacher'])
    expect(await owed(lessonId)).toBe(0)

    // A second sweep (or a second server's) plans nothing more.
    await sweep(t.app.deps)
    expect(await plannedOf(lessonId)).toEqual(['booked/student', 'booked/teacher'])
  })

  it('are no longer owed once the lesson is cancelled before they were planned', async () => {
    const lessonId = await bookAndDie()
    await t.database.db.update(lessons).set({ cancelledAt: t.clock.now() }).where(eq(lessons.id, lessonId))
    await sweep(t.app.deps)
    expect(await plannedOf(lessonId)).toEqual([])
    expect(await owed(lessonId)).toBe(0)
  })
})
