import { randomUUID } from 'node:crypto'
import { type Browser, chromium, expect, type Locator, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { addDays, polandDateKey } from '../../src/domain/poland-time.ts'
import {
  apiSignIn,
  bearer,
  consoleNav,
  consoleScreenshots,
  enrolledOperator,
  reportTeacherAbsentNow,
  typedDay,
} from './support/console-operator.ts'
import { STUDENT_NOW, TEACHER } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { newStoryContext, storyNow, test } from './support/story.ts'

// The school's console: an operator (TOTP codes computed here) reads the lessons and
// cancels one on behalf of the school, accepts a student's claim that the teacher did not come (the
// teacher's penalty shows on the lesson), marks a lack-of-slots request handled and reads the
// overview — each change found in the audit log. A server of the journey's own: it cancels lessons
// and penalises the demo teacher. SCREENSHOTS=dir keeps pictures of each screen at 1280 and 375 px.

const server = new OwnServer(E2E_PORT + 98, 'e2e-admin-lessons')
const OPERATOR = `lessons.operator.${randomUUID().slice(0, 8)}@example.com`
const PASSWORD = 'Konsola-Lekcji-2026'
const SHOTS = process.env.SCREENSHOTS ?? ''

let browser: Browser
let page: Page

test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

/** Types the day `key` into a console date field and closes its calendar. */
async function enterDay(field: Locator, key: string) {
  await field.fill(typedDay(key))
  await field.press('Escape')
}

const nav = (name: string) => consoleNav(page, name)

test.beforeAll(async ({ request }) => {
  // A server of its own to start, two accounts to prepare and an enrolment to go through.
  test.setTimeout(180_000)
  await server.start()
  browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS })

  // What the school will review: Piotr says Anna did not come to his lesson starting now, and
  // asks for a slot nobody offers.
  const piotr = await apiSignIn(request, server, STUDENT_NOW)
  await reportTeacherAbsentNow(request, server, piotr, 'Lektorki nie było w pokoju')
  const dictionary = async (path: string) =>
    (
      (await (await request.get(`${server.url}/api/v1/${path}`)).json()) as {
        data: { id: number; name: string }[]
      }
    ).data
  const languages = await dictionary('languages/list')
  const levels = await dictionary('levels/list')
  const tomorrow = addDays(polandDateKey(storyNow()), 1)
  const lack = await request.post(`${server.url}/api/v1/language_onboardings/report_lack_of_slots`, {
    headers: bearer(piotr),
    data: {
      language_id: languages.find((l) => l.name === 'Japanese')?.id,
      teaching_language_id: languages.find((l) => l.name === 'Polish')?.id,
      level_id: levels[0]?.id,
      date: tomorrow,
      hour: '18:00',
    },
  })
  expect(lack.ok()).toBe(true)

  page = await (
    await newStoryContext(browser, { baseURL: server.url, viewport: { width: 1280, height: 900 } })
  ).newPage()
  await enrolledOperator(page, server, OPERATOR, PASSWORD)
})

test.afterAll(async () => {
  await browser?.close()
  await server.stop()
})

test('the school finds the scheduled lessons and cancels one on behalf of the school, audited', async () => {
  await nav('Lekcje').click()
  // The days are typed as dd.mm.yyyy (the app's date field, not the browser's mm/dd/yyyy) and
  // kept in the address as YYYY-MM-DD.
  const today = polandDateKey(storyNow())
  const yearAhead = addDays(today, 365)
  const from = page.getByRole('textbox', { name: 'Od dnia' })
  await enterDay(from, today)
  const to = page.getByRole('textbox', { name: 'Do dnia' })
  await enterDay(to, yearAhead)
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.getByRole('option', { name: 'Zaplanowana' }).click()
  await page.getByRole('button', { name: 'Filtruj' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/lessons\\?from=${today}&to=${yearAhead}&status=scheduled$`))
  await expect(from).toHaveValue(typedDay(today))
  const table = page.getByRole('table', { name: 'Lekcje' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  await consoleScreenshots(page, SHOTS, 'lessons')

  // The latest lesson (the list is newest first) lies well ahead: the school cancels it.
  const first = table.getByRole('row').nth(1).getByRole('link')
  const when = (await first.textContent()) ?? ''
  await first.click()
  await expect(page.getByRole('heading', { name: `Lekcja ${when}` })).toBeVisible()
  await expect(page.getByText('Obecność w pokoju lekcji')).toBeVisible()
  await consoleScreenshots(page, SHOTS, 'lesson-detail')
  await page.getByRole('button', { name: 'Odwołaj w imieniu szkoły' }).click()
  const dialog = page.getByRole('dialog', { name: 'Odwołać lekcję w imieniu szkoły?' })
  await dialog.getByRole('button', { name: 'Odwołaj lekcję' }).click()
  await expect(dialog.getByText('Podaj powód odwołania')).toBeVisible()
  await dialog.getByLabel(/Powód odwołania/).fill('Szkoła zamknięta z powodu awarii')
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/lesson-cancel-dialog-pl-1280.png` })
  await dialog.getByRole('button', { name: 'Odwołaj lekcję' }).click()
  await expect(page.getByText(/Lekcja odwołana bez kary/)).toBeVisible()
  await expect(page.getByText('Powód: Szkoła zamknięta z powodu awarii')).toBeVisible()
  await expect(page.getByText('Odwołana', { exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'Zobacz w dzienniku zmian' }).click()
  const entry = page.getByRole('article').first()
  await expect(entry.getByText('Odwołanie lekcji', { exact: true })).toBeVisible()
  await expect(entry.getByText(OPERATOR)).toBeVisible()
  await expect(
    entry
      .getByRole('row', { name: /Powód odwołania/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText('Szkoła zamknięta z powodu awarii')

  // Back on the list, the cancelled lesson is among the cancelled ones.
  await page.goto('/admin/lessons?status=cancelled')
  await expect(page.getByRole('table', { name: 'Lekcje' }).getByRole('link', { name: when })).toBeVisible()
})

test('the school accepts a claim that the teacher did not come, and the penalty shows on the lesson', async () => {
  await nav('Zgłoszenia nieobecności').click()
  const claim = page.getByRole('article', { name: /Zgłoszenie: Anna Nowak/ })
  await expect(claim.getByText('„Lektorki nie było w pokoju”')).toBeVisible()
  await expect(claim.getByText(/Lektor Anna Nowak: brak wejścia do pokoju lekcji/)).toBeVisible()
  await consoleScreenshots(page, SHOTS, 'absence')
  await claim.getByRole('button', { name: 'Uznaj…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Uznać zgłoszenie nieobecności?' })
  await expect(dialog.getByText(/dostanie karę finansową/)).toBeVisible()
  await dialog.getByLabel(/Notatka/).fill('Brak lektorki według serwera')
  await dialog.getByRole('button', { name: 'Uznaj zgłoszenie' }).click()
  await expect(page.getByText('Zgłoszenie uznane. Lektor Anna Nowak: kara za nieobecność.')).toBeVisible()
  await expect(page.getByText('Żadne zgłoszenie nie czeka na decyzję.')).toBeVisible()

  await page.getByText('Uznane', { exact: true }).first().click()
  await expect(page).toHaveURL(/\/admin\/absence\?status=accepted$/)
  const decided = page.getByRole('article', { name: /Zgłoszenie: Anna Nowak/ })
  await expect(decided.getByText(/Kary: 1/)).toBeVisible()
  await decided.getByRole('link', { name: /^Lekcja / }).click()
  await expect(page.getByRole('heading', { name: 'Kary lektora' })).toBeVisible()
  await expect(page.getByText('Nieobecność', { exact: true })).toBeVisible()
  expect(TEACHER).toContain('anna.nowak')
})

test('the school marks a lack-of-slots group handled', async () => {
  await nav('Brakujące terminy').click()
  const group = page.getByRole('article', { name: /^Japoński .*, 18:00–18:59$/ })
  await expect(group.getByText('Czeka: 1')).toBeVisible()
  await consoleScreenshots(page, SHOTS, 'lack-of-slots')
  await group.getByRole('button', { name: 'Oznacz całą grupę jako obsłużoną' }).click()
  await expect(page.getByText(/Oznaczono jako obsłużone: 1\./)).toBeVisible()
  await expect(page.getByRole('article', { name: /^Japoński / })).toHaveCount(0)
  await page.getByText('Obsłużone', { exact: true }).first().click()
  await expect(
    page.getByRole('article', { name: /^Japoński / }).getByText('Obsłużone', { exact: true }),
  ).toBeVisible()
})

test('the overview shows the weeks as charts and the teachers’ booked shares', async () => {
  await nav('Przegląd').click()
  await expect(page.getByRole('img', { name: /Zarezerwowane lekcje w wybranych tygodniach/ })).toBeVisible()
  await expect(page.locator('.recharts-surface').first()).toBeVisible()
  await expect(page.getByRole('table', { name: 'Obłożenie lektorów' }).getByText('Anna Nowak')).toBeVisible()
  await page.getByRole('combobox', { name: 'Tygodnie na wykresach' }).click()
  await page.getByRole('option', { name: 'Ostatnie 4 tyg.' }).click()
  await expect(page).toHaveURL(/\/admin\/overview\?weeks=4$/)
  await expect(page.getByRole('table', { name: 'Liczby tygodni' }).getByRole('row')).toHaveCount(5)
  // The teachers' period, typed as dd.mm.yyyy; a day cleared with its button is asked for again.
  const today = polandDateKey(storyNow())
  const monthAgo = addDays(today, -30)
  const from = page.getByRole('textbox', { name: 'Obłożenie od dnia' })
  await enterDay(from, monthAgo)
  const to = page.getByRole('textbox', { name: 'do dnia' })
  await enterDay(to, today)
  await page.getByRole('button', { name: 'Pokaż okres' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/overview\\?weeks=4&from=${monthAgo}&to=${today}$`))
  await expect(page.getByRole('table', { name: 'Obłożenie lektorów' })).toBeVisible()
  await consoleScreenshots(page, SHOTS, 'overview')
  await page.getByRole('button', { name: 'Wyczyść datę' }).last().click()
  await expect(to).toHaveValue('')
  await expect(page.getByText('Podaj oba dni albo żaden')).toBeVisible()
})
