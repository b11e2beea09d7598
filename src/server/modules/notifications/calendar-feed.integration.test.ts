import ICAL from 'ical.js'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarFeedAnswerSchema } from '../../../domain/api/calendar-feed.ts'
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, getWith, lessonParties, postJson } from '../../test-support/my-lessons.ts'
import { lessonUid } from './ics.ts'

// A user's private calendar feed, fetched as a calendar would (no session) and
// read back by a calendar parser (ical.js).

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const feedOf = (body: unknown) => v.parse(calendarFeedAnswerSchema, body).data
/** Fetches the feed's address as a calendar application does. */
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: url.slice(TEST_PUBLIC_URL.length) })

describe('the calendar feed', () => {
  it('lists the user’s lessons in Europe/Warsaw, and its address stops working once replaced or revoked', async () => {
    const pair = await lessonParties(t, { teacher: { locale: 'en' } })
    const stranger = await lessonParties(t)
    const soon = await addLessonAt(t, pair, 3 * 24 * 60)
    const later = await addLessonAt(t, pair, 5 * 24 * 60)
    await addLessonAt(t, pair, 4 * 24 * 60, { cancelledAt: t.clock.now(), cancelledBy: pair.student.user.id })
    await addLessonAt(t, stranger, 3 * 24 * 60)

    expect(feedOf((await getWith(t, pair.teacher.token, '/calendar-feeds/show')).json())).toEqual({
      created_at: null,
    })
    const made = await postJson(t, pair.teacher.token, '/calendar-feeds/create', {})
    expect(made.statusCode).toBe(201)
    const { url, created_at } = feedOf(made.json())
    if (!url) throw new Error('no address')
    expect(url).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/api/v1/calendar-feeds/lessons\\.ics\\?token=[\\w-]{43}$`),
    )
    // Shown once: afterwards the user sees only that a feed exists.
    expect(feedOf((await getWith(t, pair.teacher.token, '/calendar-feeds/show')).json())).toEqual({
      created_at,
    })

    const fetched = await fetchFeed(url)
    expect(fetched.statusCode).toBe(200)
    expect(fetched.headers['content-type']).toBe('text/calendar; charset=utf-8')
    const calendar = new ICAL.Component(ICAL.parse(fetched.body))
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Lektorium – lessons')
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
    expect(events.map((e) => e.uid)).toEqual([
      lessonUid(soon.id, TEST_PUBLIC_URL),
      lessonUid(later.id, TEST_PUBLIC_URL),
    ])
    for (const [event, lesson] of [
      [events[0], soon],
      [events[1], later],
    ] as const) {
      expect(event?.startDate.zone?.tzid).toBe('Europe/Warsaw')
      expect(event?.startDate.toJSDate().toISOString()).toBe(lesson.startsAt.toISOString())
      expect(event?.summary).toBe('Lesson: English (B1) – Marta Dąbrowska')
    }

    // A new address replaces the old one.
    const renewed = feedOf((await postJson(t, pair.teacher.token, '/calendar-feeds/create', {})).json())
    expect((await fetchFeed(url)).statusCode).toBe(404)
    expect((await fetchFeed(renewed.url ?? '')).statusCode).toBe(200)

    // Revoked, it answers 404.
    const revoked = await postJson(t, pair.teacher.token, '/calendar-feeds/delete', {})
    expect(feedOf(revoked.json())).toEqual({ created_at: null })
    expect((await fetchFeed(renewed.url ?? '')).statusCode).toBe(404)
  })

  it('answers 404 to a malformed or unknown secret, and its management needs a session', async () => {
    for (const query of [
      '',
      '?token=short',
      `?token=${'a'.repeat(43)}`,
      `?token=${'a'.repeat(43)}&token=b`,
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/v1/calendar-feeds/lessons.ics${query}` })
      expect(answer.statusCode).toBe(404)
    }
    for (const path of ['/calendar-feeds/create', '/calendar-feeds/delete'])
      expect((await t.app.inject({ method: 'POST', url: `/api/v1${path}` })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/calendar-feeds/show' })).statusCode).toBe(401)
  })
})
