import { mkdirSync } from 'node:fs'
import { type Browser, type BrowserContext, chromium, expect, type Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import type { PushPayload } from '../../src/domain/api/push.ts'
import { openDatabase } from '../../src/server/db/client.ts'
import { users } from '../../src/server/db/schema.ts'
import { pushSubscriptions } from '../../src/server/db/schema-notifications.ts'
import { planLessons } from '../../src/server/modules/notifications/planner.ts'
import { systemClock } from '../../src/server/platform/clock.ts'
import { startJobs } from '../../src/server/platform/jobs.ts'
import { STORY_NOW_ENV } from '../../src/server/test-support/story-clock.ts'
import { type PushService, startPushService } from '../fakes/push-service.ts'
import { LoginPage, STUDENT, TEACHER } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { addLesson } from './support/server-lessons.ts'
import { test } from './support/story.ts'

// Web push, end to end: the preferences switch subscribes a Chromium page and the server stores it;
// a lesson's push reaches the device; a click on the notification opens the lesson.
//
// The browser's push service is an outside service, stood in for at its boundary: headless
// Chromium cannot reach a real one (FCM) offline, so an init script makes the page's
// PushManager.subscribe obtain its subscription from `web-push-testing` (tests/fakes/push-service.ts,
// in this process, through a Playwright binding: the page's CSP allows no other origin). The server
// then pushes to that stand-in as it would to FCM, encrypted for the subscription; the stand-in
// decrypts it, and the test hands the payload to the app's service worker as the push event a
// browser would dispatch, then clicks the notification it shows (Playwright's serviceWorker.evaluate).

// A notification's click is decided by the service worker on the device's own clock, which
// Playwright's clock does not reach: this journey's server, browser and lessons keep the wall's
// time (docs/decisions.md "One clock for tests"), and its lessons are minutes or days away, so
// no rule of the hour touches them.
const server = new OwnServer(E2E_PORT + 60, 'e2e-push', {
  PUSH_HTTP_ENDPOINTS: 'true',
  PUSH_HOSTS: '127.0.0.1',
  PUSH_PRIVATE_ADDRESSES: 'true',
  [STORY_NOW_ENV]: '',
})
let push: PushService
let browser: Browser
let context: BrowserContext
let page: Page
/** The subscriptions the stand-in handed to the page, newest last. */
const handedOut: Awaited<ReturnType<PushService['subscribe']>>[] = []

const SWITCH = /^(Powiadomienia na tym urządzeniu|Notifications on this device) /
const silent = { info: () => undefined, error: () => undefined }

/** Replaces the page's PushManager with the stand-in's subscriptions and counts permission requests. */
function standInPushManager() {
  const STORE = 'e2e-push-standin'
  const asked = { count: 0 }
  Reflect.set(window, '__permissionRequests', asked)
  const request = Notification.requestPermission.bind(Notification)
  Notification.requestPermission = () => {
    asked.count += 1
    return request()
  }
  const toBase64Url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '')
  const fromBase64Url = (text: string) =>
    Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0))
  type Stored = { endpoint: string; keys: { p256dh: string; auth: string }; key: string }
  const asSubscription = (stored: Stored) => ({
    endpoint: stored.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(stored.key).buffer },
    getKey: (name: 'p256dh' | 'auth') => fromBase64Url(stored.keys[name]).buffer,
    toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(STORE)
      return true
    },
  })
  PushManager.prototype.getSubscription = async () => {
    const raw = localStorage.getItem(STORE)
    return raw ? asSubscription(JSON.parse(raw)) : null
  }
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const key = options?.applicationServerKey
    if (!(key instanceof Uint8Array)) throw new Error('the app must subscribe with its VAPID key')
    const subscribe: (key: string) => Promise<Stored> = Reflect.get(window, '__pushStandInSubscribe')
    const stored = { ...(await subscribe(toBase64Url(key))), key: toBase64Url(key) }
    localStorage.setItem(STORE, JSON.stringify(stored))
    return asSubscription(stored)
  }
}

async function withDatabase<T>(
  run: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ dataDir: server.dataDir, log: silent })
  try {
    return await run(database)
  } finally {
    await database.close()
  }
}

const storedEndpoints = (email: string) =>
  withDatabase(async ({ db }) =>
    (
      await db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(eq(users.email, email))
    ).map((row) => row.endpoint),
  )

/** Plans the lessons' messages as a booking would; the server's job workers send them. */
const planAsBooked = (lessonIds: string[]) =>
  withDatabase(async (database) => {
    const jobs = await startJobs(database.pool, silent, { maintenance: false, clock: systemClock })
    try {
      await planLessons({ db: database.db, jobs, clock: systemClock }, lessonIds)
    } finally {
      await jobs.stop()
    }
  })

async function pushesFor(lessonId: string): Promise<PushPayload> {
  const subscription = handedOut.at(-1)
  if (!subscription) throw new Error('no subscription was handed out')
  let found: PushPayload | undefined
  await expect
    .poll(() => {
      found = push
        .messages(subscription)
        .find((m): m is PushPayload => (m as PushPayload).lesson_id === lessonId)
      return found !== undefined
    })
    .toBe(true)
  if (!found) throw new Error('no push')
  return found
}

/** The push as the browser delivers it to the service worker; then a click on what it showed. */
async function clickPushedNotification(payload: PushPayload) {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
  const shown = await worker.evaluate(async (data) => {
    // The worker's own globals (the test's types know the page's, not a worker's).
    const registration: ServiceWorkerRegistration = Reflect.get(self, 'registration')
    const PushEventOf: new (type: string, init: { data: string }) => Event = Reflect.get(self, 'PushEvent')
    const ClickOf: new (type: string, init: { notification: Notification }) => Event = Reflect.get(
      self,
      'NotificationEvent',
    )
    for (const old of await registration.getNotifications()) old.close()
    self.dispatchEvent(new PushEventOf('push', { data: JSON.stringify(data) }))
    for (let i = 0; i < 50; i++) {
      const [notification] = await registration.getNotifications()
      if (notification) {
        const { title, body, tag, icon } = notification
        self.dispatchEvent(new ClickOf('notificationclick', { notification }))
        return { title, body, tag, icon, data: notification.data }
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return null
  }, payload)
  return shown
}

async function screenshot(name: string) {
  mkdirSync('.tmp/screens', { recursive: true })
  const card = page.getByRole('region', { name: /^(Ustawienia|Settings)$/ })
  await card.scrollIntoViewIfNeeded()
  await card.screenshot({ path: `.tmp/screens/push-${name}.png` })
}

test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

test.beforeAll(async () => {
  push = await startPushService()
  await server.start()
  browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS })
  // wall clock: the service worker's, see `server` above
  context = await browser.newContext({
    baseURL: server.url,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  })
  await context.grantPermissions(['notifications'])
  await context.exposeBinding('__pushStandInSubscribe', async (_source, key: string) => {
    const subscription = await push.subscribe(key)
    handedOut.push(subscription)
    return { endpoint: subscription.endpoint, keys: subscription.keys }
  })
  await context.addInitScript(standInPushManager)
  page = await context.newPage()
})

test.afterAll(async () => {
  await browser?.close()
  await server.stop()
  await push?.close()
})

test('the preferences switch asks for permission only when turned on, subscribes this device and the server stores it', async () => {
  const login = new LoginPage(page)
  await login.goto('/login')
  await login.signIn(TEACHER)
  await page.waitForURL(/\/dashboard\//)
  await page.goto('/dashboard/profile')
  const toggle = page.getByRole('switch', { name: SWITCH })
  await expect(toggle).toBeEnabled()
  await expect(toggle).not.toBeChecked()
  // Nothing asked at start.
  expect(await page.evaluate(() => Reflect.get(window, '__permissionRequests').count)).toBe(0)

  await toggle.click({ force: true })
  await expect(toggle).toBeChecked()
  expect(await page.evaluate(() => Reflect.get(window, '__permissionRequests').count)).toBe(1)
  const subscription = handedOut.at(-1)
  await expect.poll(() => storedEndpoints(TEACHER)).toEqual([subscription?.endpoint])

  // The state survives a reload.
  await page.reload()
  await expect(page.getByRole('switch', { name: SWITCH })).toBeChecked()
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(`pl-${width}`)
  }
})

test("a lesson's push reaches the device; its click opens the room within the join window, else my-lessons", async () => {
  const soon = await addLesson(server, { teacher: TEACHER, student: STUDENT }, 5, systemClock.now())
  const later = await addLesson(
    server,
    { teacher: TEACHER, student: STUDENT },
    3 * 24 * 60,
    systemClock.now(),
  )
  await planAsBooked([soon, later])

  const first = await pushesFor(soon)
  expect(first).toMatchObject({
    title: 'Nowa lekcja',
    lesson_id: soon,
    url: `/dashboard/my-lessons?lesson_id=${soon}`,
  })
  const shown = await clickPushedNotification(first)
  expect(shown).toMatchObject({ title: 'Nowa lekcja', body: first.body, tag: `lesson-${soon}` })
  await expect(page).toHaveURL(`${server.url}/dashboard/video-call-vonage?lesson_id=${soon}`)

  // A window in a call is left in it; the app elsewhere is sent to the lesson.
  await page.goto('/dashboard/profile')
  const second = await pushesFor(later)
  await clickPushedNotification(second)
  await expect(page).toHaveURL(`${server.url}/dashboard/my-lessons?lesson_id=${later}`)
})

test('turning it off unsubscribes the device and the server forgets it', async () => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/dashboard/profile')
  // The card in English too (the header's language switch).
  await page.getByText('EN', { exact: true }).click()
  const toggle = page.getByRole('switch', { name: SWITCH })
  await expect(page.getByText('Notifications on this device', { exact: true })).toBeVisible()
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(`en-${width}`)
  }
  await toggle.click({ force: true })
  await expect(toggle).not.toBeChecked()
  await expect.poll(() => storedEndpoints(TEACHER)).toEqual([])
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-standin'))).toBeNull()
})

test("logging out turns this browser's notifications off, so the next person here never gets them", async () => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByText('PL', { exact: true }).click()
  const toggle = page.getByRole('switch', { name: SWITCH })
  await toggle.click({ force: true })
  await expect(toggle).toBeChecked()
  await expect.poll(() => storedEndpoints(TEACHER)).toHaveLength(1)

  await page.getByRole('button', { name: 'Menu profilu' }).click()
  await page.getByRole('menuitem', { name: 'Wyloguj się' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect.poll(() => storedEndpoints(TEACHER)).toEqual([])
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-standin'))).toBeNull()
})
