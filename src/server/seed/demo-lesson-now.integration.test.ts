import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { joinOpen } from '../../domain/schedule/slot-rules.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { signIn } from '../test-support/fixtures.ts'
import { getWith, parseScheduled } from '../test-support/my-lessons.ts'
import { DEMO_PASSWORD } from './demo-accounts.ts'
import { ensureDemoLessonNow } from './demo-lesson-now.ts'
import { DEMO_LESSON_EMAILS } from './demo-lessons.ts'
import { seedOnStart } from './seed.ts'

// The demo lesson "starting now" must be joinable whenever `npm start` runs —
// seeded at 17:20, started again the next night at 02:05 and at 02:20.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ config: { demoData: true } })
})
afterAll(() => t.close())

/** Piotr's lessons that can be joined at the clock's time (product-rules.md "Join window"). */
async function joinableNow() {
  const token = (await signIn(t.app, DEMO_LESSON_EMAILS.piotr, { password: DEMO_PASSWORD })).token
  const { lessons } = parseScheduled((await getWith(t, token, '/lessons/list_scheduled')).json())
  return lessons.filter((lesson) =>
    joinOpen(
      { startsAt: new Date(lesson.scheduled_at), cancelled: lesson.status === 'cancelled' },
      t.clock.now(),
    ),
  )
}

describe('the demo lesson starting now', () => {
  it('is joinable right after the first start, and nothing is added while it is', async () => {
    t.clock.set('2026-03-10T16:20:00Z')
    await seedOnStart(t.ctx)
    expect(await joinableNow()).toHaveLength(1)
    expect(await ensureDemoLessonNow(t.ctx)).toBe('joinable')
  })

  it('is added again at a later start, at any hour (at night without a slot)', async () => {
    t.clock.set('2026-03-11T01:05:00Z')
    expect(await joinableNow()).toEqual([])
    await seedOnStart(t.ctx)
    const [lesson] = await joinableNow()
    expect(lesson).toMatchObject({ scheduled_at: '2026-03-11T01:15:00.000Z', fullName: 'Anna Nowak' })
    // Fifteen minutes later it is still the one to join: no second one.
    t.clock.set('2026-03-11T01:20:00Z')
    expect(await ensureDemoLessonNow(t.ctx)).toBe('joinable')
    expect(await joinableNow()).toHaveLength(1)
  })

  it('is left alone without demo data', async () => {
    t.clock.set('2026-03-12T10:00:00Z')
    const quiet = { ...t.ctx, config: { ...t.ctx.config, demoData: false } }
    await seedOnStart(quiet)
    expect(await joinableNow()).toEqual([])
  })
})
