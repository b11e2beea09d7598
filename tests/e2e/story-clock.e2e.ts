import { expect } from '@playwright/test'
import { toPolandParts } from '../../src/domain/poland-time.ts'
import { DEFAULT_MOMENT, STORY_NOW_ENV } from '../../src/server/test-support/story-clock.ts'
import { LoginPage, STUDENT_NOW } from './support/login-page.ts'
import { storyNow, test } from './support/story.ts'

// The journeys run at the run's story moment (docs/decisions.md "One clock for tests"): the
// browser and the server agree on it, whatever the real hour.

test('the browser and the server are at the story moment', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto()
  // wall clock: the page's, which Playwright's clock puts at the story moment
  const pageNow = await page.evaluate(() => Date.now())
  expect(Math.abs(pageNow - storyNow().getTime())).toBeLessThan(60_000)
  if (!process.env.LEKTORIUM_ANY_HOUR) {
    // `npm test`'s moment: a Tuesday morning (the run began at 09:20).
    const parts = toPolandParts(pageNow)
    expect([parts.weekday, parts.hour], process.env[STORY_NOW_ENV]).toEqual([DEFAULT_MOMENT.weekday, 9])
  }
  // The server seeded Piotr's lesson of the moment on its clock; his browser can join it.
  await login.signIn(STUDENT_NOW)
  await expect(page).toHaveURL(/\/dashboard\//)
  await page.goto('/dashboard/my-lessons')
  await expect(page.getByRole('link', { name: /^Dołącz do lekcji: Anna Nowak/ }).first()).toBeVisible()
})
