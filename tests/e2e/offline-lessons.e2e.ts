import { expect, type Locator, type Page } from '@playwright/test'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { E2E_PORT } from '../../playwright.config.ts'
import { openDatabase } from '../../src/server/db/client.ts'
import { idempotencyKeys, users } from '../../src/server/db/schema.ts'
import { lessonRatings, lessons } from '../../src/server/db/schema-lessons.ts'
import { LoginPage, STUDENT } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { test } from './support/story.ts'

// Offline writes, end to end: after one online visit the server is stopped (not only the
// browser's connection); lessons and memos still show; a note and a rating written then wait as
// pending across a reload; once the server is back each arrives exactly once. A replay cut off by
// the server dying half-way is finished after a restart: nothing lost, nothing doubled.
// Each journey runs its own server (tests/e2e/support/own-server.ts) on its own data, seeded with
// the demo accounts: Marta's closed lessons are, newest first, one rated, one cancelled, one with
// Anna's memo and one unrated.

const MEMO = 'Present Perfect: powtórzyć czasowniki nieregularne.'
const PENDING = 'Czeka na wysłanie'

async function signInToClosedLessons(page: Page, server: OwnServer) {
  await page.goto(`${server.url}/login/student`)
  await new LoginPage(page).signIn(STUDENT)
  await expect(page).toHaveURL(/\/dashboard\//)
  await page.goto(`${server.url}/dashboard/my-lessons?tab=closed`)
  await expect(finishedRows(page)).toHaveCount(3)
  // The profile reaches the persisted query cache after a short throttle; offline starts need it.
  await page.waitForFunction(() => localStorage.getItem('lektorium-query-cache')?.includes('"profile"'))
}

/**
 * Marta's finished (not cancelled) lessons, newest first: rated, with the memo, unrated. Each is
 * the table's row group of the lesson: its row and the note and memos under it.
 */
const finishedRows = (page: Page) =>
  page.getByTestId('lesson').filter({ has: page.getByText('Zakończona', { exact: true }) })

async function openAction(page: Page, row: Locator, action: string | RegExp) {
  await row.getByRole('button', { name: /^Działania dla lekcji/ }).click()
  await page.getByRole('menuitem', { name: action }).click()
  return page.getByRole('dialog')
}

async function writeNote(page: Page, row: Locator, note: string) {
  const dialog = await openAction(page, row, /^(Napisz do lektora|Zmień wiadomość dla lektora)$/)
  await dialog.getByRole('textbox', { name: /Twoja wiadomość/ }).fill(note)
  await dialog.getByRole('button', { name: 'Zapisz wiadomość' }).click()
  await expect(dialog).toBeHidden()
}

async function rate(page: Page, row: Locator, stars: number, comment: string) {
  const dialog = await openAction(page, row, 'Oceń lekcję')
  // Mantine draws the stars over visually hidden radios: choose one with the keyboard.
  await dialog.getByRole('radio', { name: `${stars} z 5` }).focus()
  await page.keyboard.press('Space')
  await dialog.getByRole('textbox', { name: 'Komentarz' }).fill(comment)
  await dialog.getByRole('button', { name: /^(Wyślij|Zapisz) ocenę$/ }).click()
  await expect(dialog).toBeHidden()
}

async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready
    return Boolean(registration.active && navigator.serviceWorker.controller)
  })
}

/** Reads a store of the app's IndexedDB database (src/web/offline/lektorium-db.ts). */
/**
 * The rows of the app's IndexedDB store, none while the app has not created it (the mirror and the
 * outbox are written once the page is idle): the read neither creates the database nor keeps a
 * connection open, which would block the app's own opening of it.
 */
const storeRows = (page: Page, store: 'outbox' | 'lessonLists') =>
  page.evaluate(
    (name) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open('lektorium')
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error))
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains(name)) {
            db.close()
            resolve([])
            return
          }
          const request = db.transaction(name).objectStore(name).getAll()
          request.onsuccess = () => {
            db.close()
            resolve(request.result as Record<string, unknown>[])
          }
          request.onerror = () => {
            db.close()
            reject(request.error)
          }
        }
      }),
    store,
  )

const outboxKeys = async (page: Page) =>
  (await storeRows(page, 'outbox')).map((row) => String(row.idempotencyKey))

/** What the server stored, read from its database once it has stopped. */
async function stored(server: OwnServer, keys: string[]) {
  const database = await openDatabase({ dataDir: server.dataDir, log: { info: () => {}, error: () => {} } })
  try {
    const { db } = database
    const [marta] = await db.select({ id: users.id }).from(users).where(eq(users.email, STUDENT))
    if (!marta) throw new Error('no demo student')
    const applied = await db
      .select({ key: idempotencyKeys.key, status: idempotencyKeys.statusCode })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, marta.id), inArray(idempotencyKeys.key, keys)))
    const notes = await db
      .select({ note: lessons.note })
      .from(lessons)
      .where(and(eq(lessons.studentId, marta.id), isNotNull(lessons.note)))
    const ratings = await db
      .select({ value: lessonRatings.value, comment: lessonRatings.comment })
      .from(lessonRatings)
      .innerJoin(lessons, eq(lessons.id, lessonRatings.lessonId))
      .where(eq(lessons.studentId, marta.id))
    return { applied, notes: notes.map((row) => row.note), ratings }
  } finally {
    await database.close()
  }
}

test.describe('my lessons with the server gone', () => {
  const server = new OwnServer(E2E_PORT + 10, 'e2e-offline-lessons')
  test.beforeAll(() => server.start())
  test.afterAll(() => server.stop())

  test('lessons and memos stay readable; a note and a rating wait, then arrive exactly once', async ({
    page,
    context,
  }) => {
    await signInToClosedLessons(page, server)
    await controlledByServiceWorker(page)
    await expect.poll(async () => (await storeRows(page, 'lessonLists')).length).toBeGreaterThan(0)

    // The server goes away (and with it the connection).
    await server.stop()
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByText(/^Brak połączenia z serwerem\. Pokazujemy lekcje zapisane/)).toBeVisible()
    await expect(finishedRows(page)).toHaveCount(3)
    // The teacher's notes are read on the lesson itself.
    await expect(finishedRows(page).nth(1).getByText(MEMO)).toBeVisible()

    await writeNote(page, finishedRows(page).nth(1), 'Zapytać o czas przeszły.')
    await expect(page.getByText('Zapisano na tym urządzeniu. Wyślemy, gdy wróci połączenie')).toBeVisible()
    await rate(page, finishedRows(page).nth(2), 4, 'Dobre tempo, mało mówienia.')
    await expect(page.getByText(PENDING)).toHaveCount(2)
    const keys = await outboxKeys(page)
    expect(keys).toHaveLength(2)

    // Still offline after a reload: both still wait, and the dialog shows what was written.
    await page.reload()
    await expect(page.getByText(PENDING)).toHaveCount(2)
    // The waiting message shows on the lesson and in its dialog.
    await expect(finishedRows(page).nth(1).getByTestId('lesson-note')).toContainText(
      'Zapytać o czas przeszły.',
    )
    const note = await openAction(page, finishedRows(page).nth(1), 'Zmień wiadomość dla lektora')
    await expect(note.getByRole('textbox', { name: /Twoja wiadomość/ })).toHaveValue(
      'Zapytać o czas przeszły.',
    )
    await page.keyboard.press('Escape')

    // The server and the connection come back: the outbox empties itself.
    await server.start()
    await context.setOffline(false)
    await expect(page.getByText(PENDING)).toHaveCount(0)
    await expect.poll(() => outboxKeys(page)).toEqual([])
    await page.reload()
    await expect(page.getByText(/^Brak połączenia z serwerem/)).toBeHidden()
    await expect(page.getByText(PENDING)).toHaveCount(0)

    await server.stop()
    const after = await stored(server, keys)
    expect(after.applied.map((row) => row.status).sort()).toEqual([200, 200])
    expect(after.notes).toContain('Zapytać o czas przeszły.')
    expect(after.ratings).toHaveLength(2)
    expect(after.ratings).toContainEqual({ value: 4, comment: 'Dobre tempo, mało mówienia.' })
  })
})

// After the server came back, the saved-copy notice and the "Czeka na wysłanie" badges once stayed
// until the outbox's 30-second retry. The first request that gets through now sends what waits and
// fetches the lists afresh.
test.describe('back from a server outage', () => {
  const server = new OwnServer(E2E_PORT + 10, 'e2e-server-back')
  test.beforeAll(() => server.start())
  test.afterAll(() => server.stop())

  test('the first answer of the server sends what waits, and the saved copy gives way', async ({ page }) => {
    await signInToClosedLessons(page, server)
    await controlledByServiceWorker(page)
    await expect.poll(async () => (await storeRows(page, 'lessonLists')).length).toBeGreaterThan(0)

    // The server goes away; the browser stays online.
    await server.stop()
    await page.reload()
    const savedCopy = page.getByText(/^Brak połączenia z serwerem\. Pokazujemy lekcje zapisane/)
    await expect(savedCopy).toBeVisible()
    await writeNote(page, finishedRows(page).nth(2), 'Napisane w czasie awarii.')
    await expect(page.getByText(PENDING)).toHaveCount(1)

    // The server is back. Any request that reaches it (here the teacher search) is enough.
    await server.start()
    await page
      .getByRole('navigation', { name: 'Nawigacja główna' })
      .getByRole('link', { name: 'Umów lekcję' })
      .click()
    await expect(page.getByRole('button', { name: /^Pokaż terminy: / }).first()).toBeVisible()
    await page.goBack()
    // Well before the 30-second retry: sent, and the lists are the server's again.
    await expect(page.getByText(PENDING)).toHaveCount(0, { timeout: 8_000 })
    await expect(savedCopy).toBeHidden({ timeout: 8_000 })
    await expect(finishedRows(page).nth(2).getByTestId('lesson-note')).toContainText(
      'Napisane w czasie awarii.',
    )
    await expect.poll(() => outboxKeys(page)).toEqual([])
  })
})

test.describe('a replay cut off by the server dying', () => {
  const server = new OwnServer(E2E_PORT + 11, 'e2e-offline-replay')
  test.beforeAll(() => server.start())
  test.afterAll(() => server.stop())
  // The page's own requests are the ones to cut off: no service worker in between.
  test.use({ serviceWorkers: 'block' })

  test('is finished after a restart: nothing lost, nothing doubled', async ({ page, context }) => {
    await signInToClosedLessons(page, server)
    // Without a service worker nothing is precached: the menu and the dialogs used offline below
    // are lazy chunks, so they are opened once while the connection is there.
    for (const [row, action] of [
      [1, /^(Napisz do lektora|Zmień wiadomość dla lektora)$/],
      [2, 'Oceń lekcję'],
      [1, 'Moje notatki'],
    ] as const) {
      const dialog = await openAction(page, finishedRows(page).nth(row), action)
      await expect(dialog).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    }
    await server.stop()
    await context.setOffline(true)

    // Four writes in a row, the rating second: its replay is the one the crash interrupts.
    await writeNote(page, finishedRows(page).nth(1), 'Pierwsza notatka.')
    await rate(page, finishedRows(page).nth(2), 3, 'Za szybko.')
    const memos = await openAction(page, finishedRows(page).nth(1), 'Moje notatki')
    await memos.getByRole('textbox', { name: 'Moje notatki' }).fill('Moja notatka z lekcji.')
    await memos.getByRole('button', { name: 'Zapisz notatki' }).click()
    await expect(memos).toBeHidden()
    await writeNote(page, finishedRows(page).nth(2), 'Druga notatka.')
    await expect(page.getByText(PENDING)).toHaveCount(2)
    const keys = await outboxKeys(page)
    expect(keys).toHaveLength(4)

    // The server comes back and dies while answering the rating: it has stored the rating, but
    // the answer never reaches the page.
    let cutOff = false
    let markKilled = () => {}
    const killed = new Promise<void>((resolve) => {
      markKilled = resolve
    })
    await page.route('**/api/v1/ratings/create', async (route) => {
      if (cutOff) return route.continue()
      cutOff = true
      await route.fetch()
      await server.stop('SIGKILL')
      await route.abort('connectionreset')
      markKilled()
    })
    await server.start()
    await context.setOffline(false)
    await killed
    await expect.poll(async () => (await outboxKeys(page)).length).toBe(3)

    // Restarted, and the connection "returns": the rest goes, the rating again under its key.
    await server.start()
    await context.setOffline(true)
    await context.setOffline(false)
    await expect.poll(() => outboxKeys(page)).toEqual([])
    await expect(page.getByText(PENDING)).toHaveCount(0)
    await expect(page.getByText('Serwer nie przyjął zmian zapisanych bez połączenia')).toBeHidden()

    await server.stop()
    const after = await stored(server, keys)
    expect(after.applied).toHaveLength(4)
    expect(after.applied.every((row) => row.status === 200)).toBe(true)
    expect(after.notes).toEqual(expect.arrayContaining(['Pierwsza notatka.', 'Druga notatka.']))
    expect(after.ratings).toHaveLength(2)
    expect(after.ratings).toContainEqual({ value: 3, comment: 'Za szybko.' })
  })
})
