import { randomUUID } from 'node:crypto'
import { type Browser, chromium, expect, type Locator, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { weekdayOf } from '../../src/domain/group-classes/series.ts'
import { addDays, polandDateKey } from '../../src/domain/poland-time.ts'
import { consoleNav, consoleScreenshots, enrolledOperator, typedDay } from './support/console-operator.ts'
import { STUDENT, STUDENT_BOTH } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { newStoryContext, storyNow, test } from './support/story.ts'
import { typeTime } from './support/time-field.ts'

// The school's console runs a group course for a company: an operator creates the class with a
// weekly series for Orbis Logistyka's team, enrols three students from a CSV file of e-mails,
// moves one meeting, and fills the class so the next student waits until a removal lets them in —
// each step read back on the class's page. A server of the journey's own: the class takes Anna
// Nowak's time. SCREENSHOTS=dir keeps pictures at 1280 and 375 px, pl and en.

const server = new OwnServer(E2E_PORT + 96, 'e2e-admin-group-classes')
const OPERATOR = `groups.operator.${randomUUID().slice(0, 8)}@example.com`
const PASSWORD = 'Konsola-Grup-2026'
const SHOTS = process.env.SCREENSHOTS ?? ''
const GROUP_ONLY = 'krzysztof.mazur@demo.lektorium.pl'
const WEEKDAY_NAMES = ['pon.', 'wt.', 'śr.', 'czw.', 'pt.', 'sob.', 'niedz.']

let browser: Browser
let page: Page

test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

/** An open dialog at both widths (its overlay covers the language switch: Polish only). */
async function dialogShots(name: string) {
  if (!SHOTS) return
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${SHOTS}/${name}-pl-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** Types the day into a date field and leaves it (Escape would close the dialog around it). */
async function enterDay(field: Locator, key: string) {
  await field.fill(typedDay(key))
  await field.press('Tab')
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  await server.start()
  browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS })
  page = await (
    await newStoryContext(browser, { baseURL: server.url, viewport: { width: 1280, height: 900 } })
  ).newPage()
  await enrolledOperator(page, server, OPERATOR, PASSWORD)
})

test.afterAll(async () => {
  await browser?.close()
  await server.stop()
})

// Three weeks ahead, away from the demo's lessons of this week.
const firstDate = addDays(polandDateKey(storyNow()), 21)

test('the operator creates a weekly class for a company from the console', async () => {
  await consoleNav(page, 'Zajęcia grupowe').click()
  await expect(page.getByRole('heading', { name: 'Zajęcia grupowe', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Nowe zajęcia' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nowe zajęcia grupowe' })
  // Sent empty: each missing field is named, nothing is sent.
  await dialog.getByRole('button', { name: 'Utwórz zajęcia' }).click()
  await expect(dialog.getByText('Wybierz co najmniej jeden dzień')).toBeVisible()

  await dialog.getByRole('combobox', { name: 'Lektor' }).fill('Anna')
  await page.getByRole('option', { name: /Anna Nowak/ }).click()
  await dialog.getByRole('combobox', { name: 'Język' }).click()
  await page.getByRole('option', { name: /^angielski$/i }).click()
  await dialog.getByRole('combobox', { name: 'Poziom' }).click()
  await page.getByRole('option', { name: 'B1', exact: true }).click()
  await dialog.getByRole('textbox', { name: 'Tytuł' }).fill('Angielski dla zespołu logistyki')
  await dialog.getByRole('textbox', { name: 'Firma' }).fill('Orbis Logistyka')
  await dialog.getByRole('textbox', { name: 'Liczba miejsc' }).fill('6')
  await dialog.getByRole('checkbox', { name: WEEKDAY_NAMES[weekdayOf(firstDate) - 1] }).check()
  await typeTime(dialog.getByRole('group', { name: 'Godzina rozpoczęcia' }), '19:30')
  await enterDay(dialog.getByRole('textbox', { name: 'Pierwszy dzień' }), firstDate)
  await dialog.getByRole('textbox', { name: 'Liczba spotkań' }).fill('4')
  await dialogShots('A-group-create')
  await dialog.getByRole('button', { name: 'Utwórz zajęcia' }).click()

  await expect(page.getByRole('heading', { name: 'Angielski dla zespołu logistyki', level: 1 })).toBeVisible()
  const meetings = page.getByRole('list', { name: 'Spotkania' }).getByRole('listitem')
  await expect(meetings).toHaveCount(4)
  await expect(meetings.first()).toContainText(`${typedDay(firstDate)} 19:30–21:00`)
  await expect(page.getByText('Orbis Logistyka')).toBeVisible()
  await expect(page.getByText('Nikt jeszcze nie jest zapisany.')).toBeVisible()
})

test('enrols three students from a CSV file of e-mails', async () => {
  await page.getByRole('button', { name: 'Zapisz kursantów' }).click()
  const dialog = page.getByRole('dialog', { name: 'Zapisz kursantów' })
  await dialog.getByText('CSV', { exact: true }).click()
  // A file with an address nobody has enrols nobody and names the row.
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'zespol.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email\n${STUDENT}\nnikt@example.com\n`),
  })
  await dialog.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(
    dialog.getByText('Nikogo nie zapisano: popraw wiersze poniżej i wyślij ponownie.'),
  ).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Wiersze z problemami' })).toContainText(
    'Wiersz 3: nikt@example.com',
  )
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'zespol.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email\n${STUDENT}\n${STUDENT_BOTH}\n${GROUP_ONLY}\n`),
  })
  await dialog.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(dialog.getByRole('status')).toContainText('Zapisani: 3; na liście oczekujących: 0')
  await dialogShots('A-group-enrol')
  await dialog.getByRole('button', { name: 'Zamknij', exact: true }).click()
  const roster = page.getByRole('list', { name: 'Zapisani kursanci' }).getByRole('listitem')
  await expect(roster).toHaveCount(3)
  await expect(roster.first()).toContainText('Obecność: 0/0')
  await expect(page.getByRole('heading', { name: 'Zapisani (3/6)' })).toBeVisible()
})

test('moves one meeting to another day and time', async () => {
  const first = page.getByRole('list', { name: 'Spotkania' }).getByRole('listitem').first()
  await first.getByRole('button', { name: /^Przenieś spotkanie/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Przenieś spotkanie' })
  const newDay = addDays(firstDate, 1)
  await enterDay(dialog.getByRole('textbox', { name: 'Nowy dzień' }), newDay)
  await typeTime(dialog.getByRole('group', { name: 'Nowa godzina' }), '08:15')
  await dialogShots('A-group-move')
  await dialog.getByRole('button', { name: 'Przenieś', exact: true }).click()
  await expect(dialog).toBeHidden()
  const meetings = page.getByRole('list', { name: 'Spotkania' }).getByRole('listitem')
  await expect(meetings.first()).toContainText(`${typedDay(newDay)} 08:15–09:45`)
  await consoleScreenshots(page, SHOTS, 'A-group-class')
  await consoleNav(page, 'Zajęcia grupowe').click()
  await expect(page.getByRole('link', { name: 'Angielski dla zespołu logistyki' })).toBeVisible()
  await consoleScreenshots(page, SHOTS, 'A-group-list')
})

test('a full class puts the next student on its waiting list, and a removal moves them in', async () => {
  await page.getByRole('link', { name: 'Angielski dla zespołu logistyki' }).click()
  await page.getByRole('button', { name: 'Edytuj', exact: true }).click()
  const edit = page.getByRole('dialog', { name: 'Edytuj zajęcia' })
  await edit.getByRole('textbox', { name: 'Liczba miejsc' }).fill('3')
  await edit.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(edit).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Zapisani (3/3)' })).toBeVisible()

  await page.getByRole('button', { name: 'Zapisz kursantów' }).click()
  const enrol = page.getByRole('dialog', { name: 'Zapisz kursantów' })
  await enrol.getByText('CSV', { exact: true }).click()
  await enrol.locator('input[type=file]').setInputFiles({
    name: 'kolejny.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('email\nkamil.nowicki@demo.lektorium.pl\n'),
  })
  await enrol.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(enrol.getByRole('status')).toContainText('Zapisani: 0; na liście oczekujących: 1')
  await enrol.getByRole('button', { name: 'Zamknij', exact: true }).click()
  const waiting = page.getByRole('list', { name: 'Lista oczekujących' })
  await expect(waiting).toContainText('Kamil Nowicki')

  await page.getByRole('button', { name: 'Wypisz: Julia Jankowska' }).click()
  const confirm = page.getByRole('dialog', { name: 'Wypisać z zajęć?' })
  await confirm.getByRole('button', { name: 'Wypisz', exact: true }).click()
  await expect(confirm).toBeHidden()
  const roster = page.getByRole('list', { name: 'Zapisani kursanci' })
  await expect(roster).toContainText('Kamil Nowicki')
  await expect(roster).not.toContainText('Julia Jankowska')
  await expect(page.getByText('Nikt nie czeka na miejsce.')).toBeVisible()
})
