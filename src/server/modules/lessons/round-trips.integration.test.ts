import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import {
  bookableTeacher,
  bookingBody,
  bookingStudent,
  createLessons,
  slotIds,
} from '../../test-support/lessons.ts'
import { statementsSentWhile } from '../../test-support/sent-statements.ts'

// A booking costs at most three round trips to the database, counted where every statement of this
// process leaves it (pg's Client#query). In the tests the session cache is off, so the session
// lookup is one of them; in production it is mostly answered from memory.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
  t.clock.set('2026-03-10T09:00:00Z')
})
afterAll(() => t.close())

/** The statements this process sends while `run` runs, and the announcement it leaves behind. */
async function countQueries(run: () => Promise<unknown>): Promise<string[]> {
  const { sent } = await statementsSentWhile(async () => {
    await run()
    await t.database.announcer.flush()
  })
  return sent
}

describe('a booking', () => {
  it('takes at most three round trips: the session, the booking, the announcement to other processes', async () => {
    const { teacher } = await bookableTeacher(t)
    const first = await bookingStudent(t)
    const second = await bookingStudent(t)
    const [monday, tuesday] = await slotIds(t, first.token, teacher.id, [
      ['2026-03-11', '08:00'],
      ['2026-03-12', '08:00'],
    ])
    // The first booking of a process also clears old idempotency keys (once an hour).
    expect(
      (await createLessons(t, first.token, bookingBody(teacher.id, [monday ?? '']), 'warm-up-00001'))
        .statusCode,
    ).toBe(201)
    await t.database.announcer.flush()

    const sent = await countQueries(async () => {
      const answer = await createLessons(
        t,
        second.token,
        bookingBody(teacher.id, [tuesday ?? '']),
        'counted-0001',
      )
      expect(answer.statusCode).toBe(201)
    })
    // Not the booking's, whenever they happen to leave while this window is open:
    // - its e-mails, planned after its commit, off the answer's path, in a transaction of
    //   their own that also settles the booking's owed notices (modules/notifications/planner.ts),
    //   and the job queue's own polling;
    // - the lesson rooms' presence refresh, every few seconds (modules/room/room-hub.ts);
    // - the group classes' relay asking, after the change, whether a meeting's message is owed
    //   (modules/notifications/meeting-planner.ts).
    await t.app.deps.notifications.idle()
    const background = (text: string) =>
      /lesson_notifications|lesson_booking_notices|group_meeting_notices|pgboss\.|from "settings"|^(begin|commit)$|^select "id", "starts_at"[ ,]|"room_connections"|"room_events"/i.test(
        text.trim(),
      )
    const booking = sent.filter((text) => !background(text))
    expect(booking.length, booking.join('\n')).toBeLessThanOrEqual(3)
    expect(booking.some((text) => text.includes('lektorium_book_lessons'))).toBe(true)
  })
})
