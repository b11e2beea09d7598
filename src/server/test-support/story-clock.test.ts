import { describe, expect, it } from 'vitest'
import {
  polandOffsetMinutes,
  summerTimeEnd,
  summerTimeStart,
  toPolandParts,
} from '../../domain/poland-time.ts'
import {
  CRITICAL_MOMENTS,
  DEFAULT_MOMENT,
  nextOccurrence,
  STORY_NOW_ENV,
  STORY_SINCE_ENV,
  settleStoryEnv,
  storyClockFrom,
  storyEnv,
} from './story-clock.ts'

const DAY_MS = 86_400_000
// Real instants the moments are taken from: a Saturday evening, a Tuesday just past 09:20, the
// week before the spring change and the day before the autumn one.
const FROM = [
  Date.parse('2026-11-28T17:20:00Z'),
  Date.parse('2026-12-01T08:21:00Z'),
  Date.parse('2027-03-20T12:00:00Z'),
  Date.parse('2027-10-30T00:30:00Z'),
]

describe('the story moments', () => {
  it.each(FROM)('fall on their weekday and wall time, a day to eight days after %i', (from) => {
    for (const moment of [DEFAULT_MOMENT, ...CRITICAL_MOMENTS]) {
      if (!('weekday' in moment)) continue
      const at = nextOccurrence(moment, from)
      const parts = toPolandParts(at)
      expect([parts.weekday, parts.hour, parts.minute], moment.name).toEqual([
        moment.weekday,
        moment.hour,
        moment.minute,
      ])
      expect(at.getTime() - from).toBeGreaterThanOrEqual(DAY_MS)
      expect(at.getTime() - from).toBeLessThan(8 * DAY_MS)
    }
  })

  it.each(FROM)('put the summer-time nights a quarter of an hour before the change after %i', (from) => {
    const [starts, ends] = ['starts', 'ends'].map((name) => {
      const moment = CRITICAL_MOMENTS.find((m) => 'summerTime' in m && m.summerTime === name)
      if (!moment) throw new Error(name)
      return nextOccurrence(moment, from).getTime()
    })
    const year = (at: number) => new Date(at).getUTCFullYear()
    expect(summerTimeStart(year(starts ?? 0)) - (starts ?? 0)).toBe(15 * 60_000)
    expect(summerTimeEnd(year(ends ?? 0)) - (ends ?? 0)).toBe(15 * 60_000)
    expect(polandOffsetMinutes(starts ?? 0)).toBe(60)
    expect(polandOffsetMinutes(ends ?? 0)).toBe(120)
    expect(Math.min(starts ?? 0, ends ?? 0) - from).toBeGreaterThanOrEqual(DAY_MS)
  })
})

describe('the story clock', () => {
  it('is absent unless the environment sets it', () => {
    expect(storyClockFrom({})).toBeUndefined()
  })

  it('reads the moment at the real instant given, and runs at the real pace from there', async () => {
    const since = Date.now() - 5_000
    const clock = storyClockFrom(storyEnv(new Date('2027-03-28T00:45:00Z'), since))
    const first = clock?.now().getTime() ?? 0
    expect(first - Date.parse('2027-03-28T00:45:05Z')).toBeGreaterThanOrEqual(0)
    expect(first - Date.parse('2027-03-28T00:45:05Z')).toBeLessThan(1_000)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((clock?.now().getTime() ?? 0) - first).toBeGreaterThanOrEqual(45)
  })

  it("is this test run's, set by vitest.config.ts before the workers started", () => {
    expect(storyClockFrom(process.env)).toBeDefined()
  })

  it('is settled once: a moment named in the environment is kept, else the next default one', () => {
    const named: Record<string, string | undefined> = { [STORY_NOW_ENV]: '2027-03-28T00:45:00.000Z' }
    settleStoryEnv(named, 1_000)
    expect(named).toEqual({ [STORY_NOW_ENV]: '2027-03-28T00:45:00.000Z', [STORY_SINCE_ENV]: '1000' })
    const empty: Record<string, string | undefined> = {}
    settleStoryEnv(empty, FROM[0] ?? 0)
    expect(empty[STORY_NOW_ENV]).toBe(nextOccurrence(DEFAULT_MOMENT, FROM[0] ?? 0).toISOString())
    settleStoryEnv(empty, (FROM[0] ?? 0) + DAY_MS)
    expect(empty[STORY_SINCE_ENV]).toBe(String(FROM[0]))
  })

  it('refuses a moment it cannot read', () => {
    expect(() => storyClockFrom({ [STORY_NOW_ENV]: 'Tuesday', [STORY_SINCE_ENV]: '0' })).toThrow(
      STORY_NOW_ENV,
    )
  })
})
