import { createHash } from 'node:crypto'
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { LoginPage, STUDENT } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { newStoryContext, test } from './support/story.ts'

// A second build served while a page is open offers the reload (workbox-window's `waiting`), the
// page in use is not taken over, and the reload runs the new version without losing a write still
// waiting in the outbox. The journey's own server serves a copy of the build from its working
// directory's `dist`; the second build is that copy with a changed index.html (marked) and the
// service worker whose precache manifest carries its new revision — what a new deployment changes
// for the worker (the hashed assets may stay the same).

const ROOT = path.resolve('.tmp/e2e-app-update-web')
const LIVE = path.join(ROOT, 'dist')
const MARK = '<meta name="lektorium-build" content="second" />'
const PENDING = 'Czeka na wysłanie'

/** Writes `file` of the served build with its brotli and gzip siblings (scripts/precompress.ts). */
function serve(file: string, text: string): void {
  const target = path.join(LIVE, file)
  writeFileSync(target, text)
  writeFileSync(`${target}.br`, brotliCompressSync(text))
  writeFileSync(`${target}.gz`, gzipSync(text, { level: 9 }))
}

/** The second build: a marked index.html, and sw.js precaching it under its new revision. */
function serveSecondBuild(): void {
  const html = readFileSync('dist/index.html', 'utf8').replace('<head>', `<head>\n    ${MARK}`)
  const worker = readFileSync('dist/sw.js', 'utf8')
  const revision = createHash('md5').update(html).digest('hex')
  const next = worker.replace(
    /\{"revision":"[0-9a-f]+","url":"index\.html"\}/,
    `{"revision":"${revision}","url":"index.html"}`,
  )
  expect(next, 'the precache manifest names index.html').not.toBe(worker)
  serve('index.html', html)
  serve('sw.js', next)
}

/** The second build's mark in the page's document. */
const secondBuildMark = (page: Page) => page.locator('meta[name="lektorium-build"]')

/** Marta's finished, not cancelled, lessons (the demo data: rated, with a memo, unrated). */
const finishedRows = (page: Page) =>
  page.getByTestId('lesson').filter({ has: page.getByText('Zakończona', { exact: true }) })

async function writeNote(page: Page, row: Locator, note: string) {
  await row.getByRole('button', { name: /^Działania dla lekcji/ }).click()
  await page.getByRole('menuitem', { name: /^(Napisz do lektora|Zmień wiadomość dla lektora)$/ }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: /Twoja wiadomość/ }).fill(note)
  await dialog.getByRole('button', { name: 'Zapisz wiadomość' }).click()
  await expect(dialog).toBeHidden()
}

async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready
    return Boolean(registration.active && navigator.serviceWorker.controller)
  })
}

/** The service worker's hourly update check, now (src/web/app/service-worker-registration.tsx). */
const checkForUpdate = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })

/** Lesson writes cannot reach the server (the note then waits in the outbox). */
const blockLessonWrites = (context: BrowserContext) =>
  context.route('**/api/v1/lessons/update', (route) => route.abort('internetdisconnected'))

test.describe('a new version while the app is open', () => {
  const server = new OwnServer(E2E_PORT + 70, 'e2e-app-update')
  server.cwd = ROOT
  test.beforeAll(async () => {
    rmSync(ROOT, { recursive: true, force: true })
    cpSync('dist', LIVE, { recursive: true })
    await server.start()
  })
  test.afterAll(() => server.stop())

  test('is offered as a reload, never takes over, and the reload keeps the waiting write', async ({
    browser,
  }) => {
    const context = await newStoryContext(browser, { baseURL: server.url })
    const page = await context.newPage()
    await page.goto('/login/student')
    await new LoginPage(page).signIn(STUDENT)
    await expect(page).toHaveURL(/\/dashboard\//)
    await page.goto('/dashboard/my-lessons?tab=closed')
    await expect(finishedRows(page)).toHaveCount(3)
    await controlledByServiceWorker(page)
    // A second tab of the app, left open through the update.
    const other = await context.newPage()
    await other.goto('/dashboard/profile')
    await expect(other.getByRole('heading', { name: 'Mój profil' })).toBeVisible()

    // A note that cannot be sent yet waits in the outbox.
    await blockLessonWrites(context)
    const note = 'Proszę o więcej ćwiczeń z wymowy.'
    await writeNote(page, finishedRows(page).nth(2), note)
    await expect(page.getByText(PENDING)).toHaveCount(1)

    // The second build is deployed; the page's update check finds it.
    serveSecondBuild()
    await checkForUpdate(page)
    const offer = page.getByRole('alert').filter({ hasText: 'Nowa wersja jest dostępna' })
    await expect(offer).toBeVisible()
    await expect(offer).toContainText('Odśwież stronę, aby z niej skorzystać.')
    await page.screenshot({ path: '.tmp/screenshots/i26-update-offer-pl-1280.png', animations: 'disabled' })
    // It waits: the page in use still runs the first build under the first worker, and works.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting))).toBe(true)
    await expect(secondBuildMark(page)).toHaveCount(0)
    await page.getByRole('tab', { name: 'Zaplanowane' }).click()
    await page.getByRole('tab', { name: 'Zakończone' }).click()
    await expect(finishedRows(page)).toHaveCount(3)
    await expect(page.getByText(PENDING)).toHaveCount(1)

    // The reload runs the second build, and the note still waits.
    await offer.getByRole('button', { name: 'Odśwież', exact: true }).click()
    await expect(secondBuildMark(page)).toHaveCount(1)
    await expect(finishedRows(page)).toHaveCount(3)
    await expect(page.getByText(PENDING)).toHaveCount(1)
    await expect(finishedRows(page).nth(2).getByTestId('lesson-note')).toContainText(note)

    // The other tab was not reloaded under its user, and still works.
    await expect(secondBuildMark(other)).toHaveCount(0)
    await other.getByRole('link', { name: 'Moje lekcje' }).first().click()
    await expect(other).toHaveURL(/my-lessons/)
    await other.getByRole('tab', { name: 'Zakończone' }).click()
    await expect(finishedRows(other)).toHaveCount(3)

    // Once writes get through, the note arrives.
    await context.unroute('**/api/v1/lessons/update')
    await page.reload()
    // The rows first: "nothing pending" means something only once the list is there.
    await expect(finishedRows(page).nth(2).getByTestId('lesson-note')).toContainText(note)
    await expect(page.getByText(PENDING)).toHaveCount(0)
    await expect(secondBuildMark(page)).toHaveCount(1)
    await context.close()
  })
})
