import {
  addDays,
  fromPolandLocal,
  lastSundayOfMonth,
  parseDateKey,
  polandDateKey,
  summerTimeEnd,
  summerTimeStart,
  toPolandParts,
} from '../../domain/poland-time.ts'
import { type Clock, shiftedClock, systemClock } from '../platform/clock.ts'

// "Now" for the tests (docs/decisions.md "One clock for tests"): the journeys and the integration
// tests run at a moment their story needs — a Tuesday morning, the night the clocks change — not
// at whatever hour the machine happens to run them. The moment travels in two environment
// variables, read only by the test entries (test-support/story-server.ts, story-ops.ts, the
// journeys' support and the integration tests' app), never by `npm start`:
// LEKTORIUM_TEST_NOW is the moment (ISO), LEKTORIUM_TEST_NOW_SINCE the real instant (ms since the
// epoch) at which it was that moment. Every process that reads the pair agrees on "now" to the
// millisecond, and time runs at the real pace from there, so waits, timers and the database's own
// clock keep working.

export const STORY_NOW_ENV = 'LEKTORIUM_TEST_NOW'
export const STORY_SINCE_ENV = 'LEKTORIUM_TEST_NOW_SINCE'

type Wall = { hour: number; minute: number }

/** A moment of the week, Poland time. */
export type WeeklyMoment = Wall & { name: string; weekday: 1 | 2 | 3 | 4 | 5 | 6 | 7 }
/** A moment of the week (Poland time), or of the Sunday a summer-time change happens on. */
export type StoryMoment = WeeklyMoment | (Wall & { name: string; summerTime: 'starts' | 'ends' })

/** What `npm test` runs at: a quiet weekday morning, the week ahead open for booking. */
export const DEFAULT_MOMENT: WeeklyMoment = { name: 'Tuesday 09:20', weekday: 2, hour: 9, minute: 20 }

/**
 * The moments `npm run test:any-hour` runs everything at: the week's edges (its first minutes,
 * its last evening, a Friday night the next day is a weekend), a Thursday morning late in the
 * week, a Saturday afternoon, and the two nights the clocks change — a quarter of an hour before
 * the change, so a run crosses it.
 */
export const CRITICAL_MOMENTS: StoryMoment[] = [
  { name: 'Monday 00:10', weekday: 1, hour: 0, minute: 10 },
  { name: 'Thursday 09:20', weekday: 4, hour: 9, minute: 20 },
  { name: 'Friday 23:50', weekday: 5, hour: 23, minute: 50 },
  { name: 'Saturday 17:00', weekday: 6, hour: 17, minute: 0 },
  { name: 'Sunday 22:30', weekday: 7, hour: 22, minute: 30 },
  // 01:45 CET, then 03:00 CEST a quarter of an hour later.
  { name: 'summer time starts', summerTime: 'starts', hour: 1, minute: 45 },
  // 02:45 CEST, then 02:00 CET a quarter of an hour later.
  { name: 'summer time ends', summerTime: 'ends', hour: 2, minute: 45 },
]

const DAY_MS = 86_400_000

/**
 * The first instant at least a day after `after` at which Poland's clocks show the moment: always
 * ahead of the real time, so what the app stamps on its clock (sessions, invitations) is not
 * already expired for the browser, which keeps the real time for its cookies and caches.
 */
export function nextOccurrence(moment: StoryMoment, after: number): Date {
  const from = polandDateKey(after + DAY_MS)
  if ('weekday' in moment) {
    for (let days = 0; days < 7; days++) {
      const date = addDays(from, days)
      const at = fromPolandLocal({ ...parseDateKey(date), hour: moment.hour, minute: moment.minute })
      if (toPolandParts(at).weekday === moment.weekday) return at
    }
    throw new Error(`no weekday ${moment.weekday} in a week`)
  }
  let year = parseDateKey(from).year
  const change = moment.summerTime === 'starts' ? summerTimeStart : summerTimeEnd
  if (change(year) < after + DAY_MS) year += 1
  const month = moment.summerTime === 'starts' ? 3 : 10
  return fromPolandLocal({
    year,
    month,
    day: lastSundayOfMonth(year, month),
    hour: moment.hour,
    minute: moment.minute,
  })
}

/** The environment that puts the test entries' clocks at `at`, from the real instant `since`. */
export function storyEnv(at: Date, since: number): Record<string, string> {
  return { [STORY_NOW_ENV]: at.toISOString(), [STORY_SINCE_ENV]: String(since) }
}

/**
 * Puts a test run on its story clock (playwright.config.ts, vitest.config.ts: once, in the
 * runner's process, before it starts workers and servers, which inherit the pair): the moment
 * `env` names, or else the next DEFAULT_MOMENT; its real instant is now unless `env` says.
 */
export function settleStoryEnv(env: Record<string, string | undefined>, now: number): void {
  env[STORY_SINCE_ENV] ||= String(now)
  env[STORY_NOW_ENV] ||= nextOccurrence(DEFAULT_MOMENT, Number(env[STORY_SINCE_ENV])).toISOString()
}

/** The clock the environment asks for, or undefined when it asks for none. */
export function storyClockFrom(env: Record<string, string | undefined>): Clock | undefined {
  const at = env[STORY_NOW_ENV]
  const since = Number(env[STORY_SINCE_ENV])
  if (!at) return undefined
  const moment = new Date(at)
  if (Number.isNaN(moment.getTime()) || !Number.isFinite(since))
    throw new Error(`${STORY_NOW_ENV} and ${STORY_SINCE_ENV} must be an ISO instant and ms since the epoch`)
  return shiftedClock(moment, since)
}

/** The tests' present: on the story clock when the environment sets one, else the wall's. */
export function storyNow(env: Record<string, string | undefined> = process.env): Date {
  return (storyClockFrom(env) ?? systemClock).now()
}
