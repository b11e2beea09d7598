import { type Browser, type BrowserContext, test as base } from '@playwright/test'
import { systemClock } from '../../../src/server/platform/clock.ts'
import { storyClockFrom } from '../../../src/server/test-support/story-clock.ts'

// The journeys' "now" (docs/decisions.md "One clock for tests"): the server, the operator
// commands, the journeys' own database writes and every browser context read the same story
// clock, which playwright.config.ts sets for the run (a Tuesday morning unless LEKTORIUM_TEST_NOW
// says otherwise, as `npm run test:any-hour` does). A journey imports `test` from here, opens
// extra contexts with `newStoryContext`, and asks `storyNow()` wherever it needs the time.

// Outside a Playwright run (the benches share the journeys' page objects) the wall's clock.
const clock = storyClockFrom(process.env) ?? systemClock

/** The journeys' present, on the server's clock. */
export const storyNow = (): Date => clock.now()

/** The context's pages read the story clock (Playwright's clock, running at the real pace). */
export async function onStoryClock(context: BrowserContext): Promise<BrowserContext> {
  await context.clock.install({ time: storyNow() })
  return context
}

/** A new context of `browser` on the story clock. */
export async function newStoryContext(
  browser: Browser,
  options?: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  return onStoryClock(await browser.newContext(options))
}

type StoryFixtures = {
  /**
   * Another context on the story clock (a second user), closed after the test: one left open
   * would show in a later test's failure screenshots.
   */
  openContext: (options?: Parameters<Browser['newContext']>[0]) => Promise<BrowserContext>
}

/** Playwright's `test`, whose `context` (and so `page`) is on the story clock. */
export const test = base.extend<StoryFixtures>({
  context: async ({ context }, use) => {
    await use(await onStoryClock(context))
  },
  openContext: async ({ browser }, use) => {
    const opened: BrowserContext[] = []
    await use(async (options) => {
      const context = await newStoryContext(browser, options)
      opened.push(context)
      return context
    })
    for (const context of opened) await context.close()
  },
})
