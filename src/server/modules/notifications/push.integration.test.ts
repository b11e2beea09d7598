import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type PushService, startPushService } from '../../../../tests/fakes/push-service.ts'
import { pushKeyResponse } from '../../../domain/api/push.ts'
import { lessonNotifications, pushSubscriptions } from '../../db/schema-notifications.ts'
import { buildTestApp, STAND_IN_PUSH, type TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, getWith, lessonParties, postJson } from '../../test-support/my-lessons.ts'
import { storyNow } from '../../test-support/story-clock.ts'
import { planLessons, sweep } from './planner.ts'
import { pushToUser } from './push.ts'

// Web push through a local stand-in of a browser's push service (tests/fakes/push-service.ts, the
// `web-push-testing` package), which decrypts what reaches it with the subscription's own key. Jobs
// run on the test's PostgreSQL (pg-boss), at the real time.

let push: PushService
let t: TestApp
beforeAll(async () => {
  push = await startPushService()
  t = await buildTestApp({
    config: { jobsWorker: true, push: STAND_IN_PUSH },
  })
})
afterAll(async () => {
  await t.close()
  await push.close()
})
beforeEach(() => t.clock.set(storyNow()))

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A device of the party: a subscription from the push service, registered with the API. */
async function device(token: string) {
  const key = v.parse(pushKeyResponse, (await getWith(t, token, '/push/key')).json()).data.public_key
  const subscription = await push.subscribe(key)
  const answer = await postJson(t, token, '/push/subscriptions/create', {
    endpoint: subscription.endpoint,
    keys: subscription.keys,
  })
  expect(answer.statusCode).toBe(200)
  return subscription
}

async function waitForMessages(subscription: Parameters<PushService['messages']>[0], count = 1) {
  for (let i = 0; i < 100; i++) {
    const messages = push.messages(subscription)
    if (messages.length >= count) return messages
    await sleep(200)
  }
  throw new Error('no push arrived')
}

const rowsOf = (userId: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))

describe('subscriptions', () => {
  it('stores the device, moves an endpoint registered again by another user, and forgets it when turned off', async () => {
    const { teacher, student } = await lessonParties(t)
    const subscription = await device(student.token)
    expect(await rowsOf(student.user.id)).toHaveLength(1)
    // Another account signs in on the same browser and turns notifications on.
    await postJson(t, teacher.token, '/push/subscriptions/create', {
      endpoint: subscription.endpoint,
      keys: subscription.keys,
    })
    expect(await rowsOf(student.user.id)).toHaveLength(0)
    expect(await rowsOf(teacher.user.id)).toHaveLength(1)
    // The student's "off" cannot remove the teacher's device.
    await postJson(t, student.token, '/push/subscriptions/delete', { endpoint: subscription.endpoint })
    expect(await rowsOf(teacher.user.id)).toHaveLength(1)
    const off = await postJson(t, teacher.token, '/push/subscriptions/delete', {
      endpoint: subscription.endpoint,
    })
    expect(off.json()).toEqual({ data: { subscribed: false } })
    expect(await rowsOf(teacher.user.id)).toHaveLength(0)
  })

  it("refuses another account's endpoint sent without its keys, and leaves it with its owner", async () => {
    const { teacher, student } = await lessonParties(t)
    const subscription = await device(student.token)
    const other = await push.subscribe(
      v.parse(pushKeyResponse, (await getWith(t, teacher.token, '/push/key')).json()).data.public_key,
    )
    // The endpoint copied from the student's browser, with keys of the teacher's own.
    const taken = await postJson(t, teacher.token, '/push/subscriptions/create', {
      endpoint: subscription.endpoint,
      keys: other.keys,
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('push_endpoint_taken')
    expect((await rowsOf(student.user.id)).map((row) => row.auth)).toEqual([subscription.keys.auth])
    expect(await rowsOf(teacher.user.id)).toEqual([])
  })

  it('refuses a malformed subscription with 400 naming the field', async () => {
    const { student } = await lessonParties(t)
    const subscription = await push.subscribe(
      v.parse(pushKeyResponse, (await getWith(t, student.token, '/push/key')).json()).data.public_key,
    )
    for (const [body, field] of [
      [{ endpoint: 'ftp://push.example/x', keys: subscription.keys }, 'endpoint'],
      [{ endpoint: subscription.endpoint, keys: { ...subscription.keys, p256dh: 'abc' } }, 'keys.p256dh'],
      [{ endpoint: subscription.endpoint, keys: { p256dh: subscription.keys.p256dh } }, 'keys.auth'],
      [{ endpoint: subscription.endpoint }, 'keys'],
    ] as const) {
      const answer = await postJson(t, student.token, '/push/subscriptions/create', body)
      expect(answer.statusCode).toBe(400)
      expect(answer.json().errors.map((e: { field: string }) => e.field)).toContain(field)
    }
    expect((await getWith(t, '', '/push/key')).statusCode).toBe(401)
  })
})

describe('pushToUser', () => {
  it('reaches every device of the user, encrypted for each, and removes a subscription the service calls expired (410)', async () => {
    const { student } = await lessonParties(t)
    const phone = await device(student.token)
    const laptop = await device(student.token)
    const message = {
      title: 'Wolny termin',
      body: 'Anna Nowak, wt 08:00',
      url: '/dashboard/set-lessons',
      tag: 't1',
    }
    expect(await pushToUser(t.app.deps, student.user.id, message)).toBe(2)
    for (const subscription of [phone, laptop]) expect(push.messages(subscription)).toEqual([message])

    push.expire(laptop)
    expect(await pushToUser(t.app.deps, student.user.id, { ...message, tag: 't2' })).toBe(1)
    const left = await rowsOf(student.user.id)
    expect(left.map((row) => row.endpoint)).toEqual([phone.endpoint])
    expect(left[0]?.lastSentAt).not.toBeNull()
    expect(push.messages(phone)).toHaveLength(2)
  })
})

describe("a lesson's pushes", () => {
  it("tells the teacher of a new booking, in the teacher's language with Poland time, planned once", async () => {
    const pair = await lessonParties(t, { teacher: { locale: 'en' } })
    const teacherDevice = await device(pair.teacher.token)
    const studentDevice = await device(pair.student.token)
    const lesson = await addLessonAt(t, pair, 3 * 24 * 60)
    // Planned twice (the booking's planning and the sweep): one push. The 10-minute pushes of a
    // lesson three days ahead are not planned yet (the sweep plans them within six hours).
    await planLessons(t.app.deps, [lesson.id])
    await planLessons(t.app.deps, [lesson.id])
    const [message] = await waitForMessages(teacherDevice)
    expect(message).toMatchObject({
      title: 'New lesson',
      url: `/dashboard/my-lessons?lesson_id=${lesson.id}`,
      lesson_id: lesson.id,
      starts_at: lesson.startsAt.toISOString(),
      tag: `lesson-${lesson.id}`,
    })
    expect(JSON.stringify(message)).toMatch(
      /\d\d\.\d\d, \d\d:\d\d \(Poland time\) · English · Marta Dąbrowska/,
    )
    await sleep(2_500)
    expect(push.messages(teacherDevice)).toHaveLength(1)
    expect(push.messages(studentDevice)).toHaveLength(0)
    const planned = await t.database.db
      .select()
      .from(lessonNotifications)
      .where(eq(lessonNotifications.lessonId, lesson.id))
    expect(
      planned
        .filter((row) => row.kind.startsWith('push_'))
        .map((row) => `${row.kind}/${row.recipient}`)
        .sort(),
    ).toEqual(['push_booked/teacher'])
  })

  it('plans pushes only to a party with a device, and the sweep plans the 10-minute push of one who subscribes later', async () => {
    const pair = await lessonParties(t)
    await device(pair.teacher.token)
    const lesson = await addLessonAt(t, pair, 3 * 60)
    await planLessons(t.app.deps, [lesson.id])
    const pushes = async () =>
      (
        await t.database.db
          .select()
          .from(lessonNotifications)
          .where(eq(lessonNotifications.lessonId, lesson.id))
      )
        .filter((row) => row.kind.startsWith('push_'))
        .map((row) => `${row.kind}/${row.recipient}`)
        .sort()
    expect(await pushes()).toEqual(['push_booked/teacher', 'push_soon/teacher'])
    await device(pair.student.token)
    await sweep(t.app.deps)
    expect(await pushes()).toEqual(['push_booked/teacher', 'push_soon/student', 'push_soon/teacher'])
  })

  it('pushes to both parties 10 minutes before the lesson', async () => {
    const pair = await lessonParties(t)
    const devices = [await device(pair.teacher.token), await device(pair.student.token)]
    const lesson = await addLessonAt(t, pair, 10 + 3 / 60)
    await planLessons(t.app.deps, [lesson.id], { booked: false })
    for (const subscription of devices) {
      const [message] = await waitForMessages(subscription)
      expect(message).toMatchObject({
        title: expect.stringMatching(/^Lekcja o \d\d:\d\d$/),
        lesson_id: lesson.id,
      })
    }
  })

  it("never sends a cancelled lesson's 10-minute push, and tells the other party of the cancellation", async () => {
    const pair = await lessonParties(t)
    const teacherDevice = await device(pair.teacher.token)
    const studentDevice = await device(pair.student.token)
    const lesson = await addLessonAt(t, pair, 10 + 4 / 60)
    await planLessons(t.app.deps, [lesson.id], { booked: false })
    const cancelled = await postJson(t, pair.student.token, '/lessons/cancel', {
      lesson_id: lesson.id,
      cancellation_reason: 'Choroba',
    })
    expect(cancelled.statusCode).toBe(200)
    const [message] = await waitForMessages(teacherDevice)
    expect(message).toMatchObject({ title: 'Lekcja odwołana', lesson_id: lesson.id })
    expect(message).not.toHaveProperty('starts_at')
    // The 10-minute push's time passes: nothing more comes, to either party.
    await sleep(7_000)
    expect(push.messages(teacherDevice)).toHaveLength(1)
    expect(push.messages(studentDevice)).toHaveLength(0)
  })
})
