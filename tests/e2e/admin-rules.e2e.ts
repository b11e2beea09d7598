import { randomUUID } from 'node:crypto'
import { type Browser, chromium, expect, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { formatPolandDate, formatPolandTime } from '../../src/domain/poland-time.ts'
import {
  apiSignIn,
  bearer,
  consoleNav,
  enrolledOperator,
  reportTeacherAbsentNow,
} from './support/console-operator.ts'
import { LoginPage, STUDENT, STUDENT_NOW, STUDENT_PARTNER, TEACHER } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { addLesson } from './support/server-lessons.ts'
import { SetLessonsPage } from './support/set-lessons-page.ts'
import { newStoryContext, storyNow, test } from './support/story.ts'

// The school's rules at work in the console: an operator (TOTP codes computed here) accepts a
// claim that the teacher did not come and finds the penalty on the teacher's card; lifts the ban a
// student earned by two late cancellations (product-rules.md "Warning and ban") so the student can
// book again; raises the lesson earliness (a setting, product-rules.md "Grace period") so a booking
// it allowed a moment ago is refused, and lowers it again. Each change is read back in the console's
// audit log with its values before and after. A server of its own: it changes the school's
// settings, penalises the demo teacher and bans a demo student.

const server = new OwnServer(E2E_PORT + 99, 'e2e-admin-rules')
const OPERATOR = `rules.operator.${randomUUID().slice(0, 8)}@example.com`
const PASSWORD = 'Zasady-Szkoly-2026'
const EARLINESS = 'Najkrótszy czas do lekcji przy rezerwacji'
const DAY_MS = 86_400_000

let browser: Browser
let page: Page

test.describe.configure({ mode: 'serial' })
test.setTimeout(150_000)

const nav = (name: string) => consoleNav(page, name)

/** A student's set-lessons page in a context of its own, Anna Nowak's next week open. */
async function studentOnAnnasWeek(email: string, expectWarning = false): Promise<SetLessonsPage> {
  const student = await (await newStoryContext(browser, { baseURL: server.url })).newPage()
  const login = new LoginPage(student)
  await login.goto('/login/student')
  await login.signIn(email)
  await expect(student).toHaveURL(/\/dashboard\//)
  if (expectWarning) {
    // product-rules.md "Warning and ban": a student with warned_at sees the ban-warning dialog once
    // per sign-in.
    const warning = student.getByRole('dialog', { name: 'Ostrzeżenie' })
    await expect(warning).toBeVisible()
    await warning.getByRole('button', { name: 'Rozumiem' }).click()
    await expect(warning).toBeHidden()
  }
  const screen = new SetLessonsPage(student)
  await screen.goto()
  await screen.openTeacher('Anna Nowak')
  await screen.nextWeek()
  return screen
}

/**
 * The first free slot starting at least two days from now ("wtorek 01.12, 16:45"): the default
 * lesson earliness (12 h) allows it, a raised one of two weeks does not.
 */
async function freeSlotTwoDaysAhead(screen: SetLessonsPage): Promise<string> {
  await expect(screen.freeSlots().first()).toBeVisible()
  const names = await screen
    .freeSlots()
    .evaluateAll((slots) => slots.map((s) => s.getAttribute('aria-label')))
  const now = storyNow()
  for (const name of names) {
    const where = (name ?? '').split(': ')[0]?.replace(/ \(.*\)$/, '') ?? ''
    const found = /(\d{2})\.(\d{2}), (\d{2}):(\d{2})$/.exec(where)
    if (!found) continue
    const [day = 0, month = 0, hour = 0, minute = 0] = found.slice(1).map(Number)
    const year = now.getUTCFullYear() + (month < now.getUTCMonth() + 1 ? 1 : 0)
    // Poland's time is UTC+1 or +2; a few hours either way do not matter for "two days ahead".
    const startsAt = Date.UTC(year, month - 1, day, hour - 2, minute)
    if (startsAt - now.getTime() >= 2 * DAY_MS + 3 * 3_600_000) return where
  }
  throw new Error('no free slot two days ahead')
}

/** Books `where` through the confirmation dialog; answers the dialog, still open. */
async function confirmSlot(screen: SetLessonsPage, where: string) {
  await screen.slot(where).click()
  await expect(screen.slot(where)).toHaveAttribute('aria-pressed', 'true')
  await screen.page.getByRole('button', { name: 'Umów wybrane terminy' }).click()
  const dialog = screen.page.getByRole('dialog', { name: 'Potwierdź lekcje' })
  await dialog.getByRole('combobox', { name: 'Poziom' }).click()
  await screen.page.getByRole('option', { name: 'B1', exact: true }).click()
  return dialog
}

/** The newest audit entry of `action`, opened from the console's Audit log screen. */
async function newestAudit(action: string) {
  await page.goto(`/admin/audit?action=${action}`)
  const entry = page.getByRole('article').first()
  await expect(entry).toBeVisible()
  await expect(entry.getByText(OPERATOR)).toBeVisible()
  return entry
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

async function annaOnTeachers() {
  await nav('Lektorzy').click()
  await page.getByRole('combobox', { name: 'Stan konta' }).click()
  await page.getByRole('option', { name: 'Aktywni', exact: true }).click()
  await page.getByRole('textbox', { name: 'Imię, nazwisko lub e-mail' }).fill(TEACHER)
  await page.getByRole('button', { name: 'Szukaj' }).click()
  const card = page.getByRole('article', { name: 'Anna Nowak' })
  await expect(page.getByRole('article')).toHaveCount(1)
  return card
}

test('the school accepts an absence report and sees the penalty on the teacher, audited', async ({
  request,
}) => {
  const card = await annaOnTeachers()
  await expect(card.getByText(/^Kary: późne odwołania \d+ · nieobecności 0$/)).toBeVisible()

  // Piotr says Anna did not come to his lesson starting now (the demo's lesson of the moment).
  await reportTeacherAbsentNow(
    request,
    server,
    await apiSignIn(request, server, STUDENT_NOW),
    'Lektorka nie przyszła',
  )

  await nav('Zgłoszenia nieobecności').click()
  const claim = page.getByRole('article', { name: /Zgłoszenie: Anna Nowak/ })
  await expect(claim.getByText('„Lektorka nie przyszła”')).toBeVisible()
  await claim.getByRole('button', { name: 'Uznaj…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Uznać zgłoszenie nieobecności?' })
  await dialog.getByLabel(/Notatka/).fill('Lektorki nie było w pokoju')
  await dialog.getByRole('button', { name: 'Uznaj zgłoszenie' }).click()
  await expect(page.getByText('Zgłoszenie uznane. Lektor Anna Nowak: kara za nieobecność.')).toBeVisible()

  // The teacher's card counts the absence (product-rules.md "Teacher penalties"), without a reload.
  await expect(
    (await annaOnTeachers()).getByText(/^Kary: późne odwołania \d+ · nieobecności 1$/),
  ).toBeVisible()

  const entry = await newestAudit('absence_report.accept')
  await expect(entry.getByText('Uznanie zgłoszenia nieobecności')).toBeVisible()
  // Labelled fields, values in words (the log showed raw keys and JSON).
  await expect(entry.getByRole('row', { name: /^Stan/ }).getByRole('cell')).toHaveText([
    'Stan',
    'czeka na decyzję',
    'uznane',
  ])
  await expect(entry.getByRole('row', { name: /^Skutek/ }).getByRole('cell')).toHaveText([
    'Skutek',
    '—',
    'kara',
  ])
  await expect(entry.getByRole('row', { name: /^Nieobecna osoba · Kara/ }).getByRole('cell')).toHaveText([
    'Nieobecna osoba · Kara',
    'brak',
    'kara za nieobecność',
  ])
  // The report's lesson, by its parties.
  await expect(entry.getByText(/^Zgłoszenie nieobecności: .* · lektor: Anna Nowak · kursant: /)).toBeVisible()
})

test('a student banned for late cancellations books again once the school lifts the ban, audited', async ({
  request,
}) => {
  // product-rules.md "Warning and ban": two cancellations inside the cancellation earliness (24 h):
  // a warning, then a ban that signs the student out. The lessons start in 3 and 5 hours.
  const first = await addLesson(server, { teacher: TEACHER, student: STUDENT }, 180)
  const second = await addLesson(server, { teacher: TEACHER, student: STUDENT }, 300)
  const marta = await apiSignIn(request, server, STUDENT)
  const cancel = async (lessonId: string) => {
    const answer = await request.post(`${server.url}/api/v1/lessons/cancel`, {
      headers: bearer(marta),
      data: { lesson_id: lessonId, cancellation_reason: 'Wypadło mi spotkanie' },
    })
    expect(answer.ok()).toBe(true)
    return ((await answer.json()) as { data: { outcome: string; banned_until: string | null } }).data
  }
  expect((await cancel(first)).outcome).toBe('warned')
  const banned = await cancel(second)
  expect(banned.outcome).toBe('banned')
  expect(Date.parse(banned.banned_until ?? '')).toBeGreaterThan(storyNow().getTime() + DAY_MS)

  // Banned: signed out, the old session books nothing, and signing in is refused with the date.
  const refused = await request.post(`${server.url}/api/v1/lessons/create`, {
    headers: bearer(marta),
    data: {
      teacher_id: crypto.randomUUID(),
      language_id: 1,
      level_id: 1,
      time_slot_ids: [crypto.randomUUID()],
    },
  })
  expect(refused.status()).toBe(401)
  const student = await (await newStoryContext(browser, { baseURL: server.url })).newPage()
  const login = new LoginPage(student)
  await login.goto('/login/student')
  await login.signIn(STUDENT)
  await expect(
    student.getByText(/Twoje konto jest zablokowane do \d{2}\.\d{2}\.\d{4} z powodu odwoływania lekcji/),
  ).toBeVisible()
  await expect(student).toHaveURL(/\/login\/student$/)
  await student.context().close()

  // The school lifts the ban on the Students screen.
  await nav('Kursanci').click()
  await page.getByRole('textbox', { name: 'Imię, nazwisko lub e-mail' }).fill(STUDENT)
  await page.getByRole('button', { name: 'Szukaj' }).click()
  const card = page.getByRole('article', { name: /Marta Dąbrowska/ })
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(card.getByText(/^Konto zablokowane do /)).toBeVisible()
  await card.getByRole('button', { name: 'Zdejmij blokadę' }).click()
  await expect(page.getByText('Blokada zdjęta: Marta Dąbrowska.')).toBeVisible()
  await expect(card.getByText(/^Konto zablokowane do /)).toHaveCount(0)
  // The warning stays (it is lifted on its own).
  await expect(card.getByRole('button', { name: 'Usuń ostrzeżenie' })).toBeVisible()

  const entry = await newestAudit('student.lift_ban')
  await expect(entry.getByText('Zdjęcie blokady kursanta')).toBeVisible()
  const until = new Date(banned.banned_until ?? '')
  await expect(entry.getByRole('row', { name: /Blokada do/ }).getByRole('cell')).toHaveText([
    'Blokada do',
    `${formatPolandDate(until)} ${formatPolandTime(until)}`,
    '—',
  ])
  await expect(entry.getByText(/^Konto: Marta Dąbrowska · /)).toBeVisible()

  // Marta signs in (warned, so told once) and books a lesson on the set-lessons screen.
  const screen = await studentOnAnnasWeek(STUDENT, true)
  const where = await freeSlotTwoDaysAhead(screen)
  const dialog = await confirmSlot(screen, where)
  await dialog.getByRole('button', { name: 'Umów lekcje' }).click()
  await expect(screen.page.getByText('Lekcja została umówiona')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(screen.slot(where)).toHaveAccessibleName(/: masz już lekcję w tym czasie$/)
  await screen.page.context().close()
})

test('a raised lesson earliness refuses a booking it allowed, and the lowered one books it, audited', async () => {
  const screen = await studentOnAnnasWeek(STUDENT_PARTNER)
  const where = await freeSlotTwoDaysAhead(screen)
  // Aleksandra has the slot in her confirmation dialog under the default rule…
  const dialog = await confirmSlot(screen, where)

  // …when the school raises the lesson earliness to two weeks.
  await nav('Ustawienia').click()
  const earliness = page.getByLabel(EARLINESS)
  await expect(earliness).not.toHaveValue('')
  const before = await earliness.inputValue()
  expect(Number(before)).toBeLessThan(48)
  await earliness.fill('336')
  await page.getByRole('button', { name: 'Zapisz zmiany' }).click()
  await expect(page.getByText('Zapisano.')).toBeVisible()

  // The booking the old value allowed is refused, and the slot now says it is too late.
  await dialog.getByRole('button', { name: 'Umów lekcje' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Tego terminu nie można już zarezerwować')
  await screen.page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(screen.slot(where)).toHaveAccessibleName(/: za późno na rezerwację$/)
  await expect(screen.freeSlots()).toHaveCount(0)

  // Back to the old value: the same slot is free and books.
  await earliness.fill(before)
  await page.getByRole('button', { name: 'Zapisz zmiany' }).click()
  await expect(page.getByText('Zapisano.')).toBeVisible()
  await screen.page.reload()
  await expect(screen.slot(where)).toHaveAccessibleName(/: wolny$/)
  const again = await confirmSlot(screen, where)
  await again.getByRole('button', { name: 'Umów lekcje' }).click()
  await expect(screen.page.getByText('Lekcja została umówiona')).toBeVisible()
  await expect(screen.slot(where)).toHaveAccessibleName(/: masz już lekcję w tym czasie$/)
  await screen.page.context().close()

  // Both changes in the audit log, newest first, with the values before and after.
  await page.goto('/admin/audit?action=settings.update')
  const [lowered, raised] = [page.getByRole('article').nth(0), page.getByRole('article').nth(1)]
  for (const entry of [lowered, raised]) {
    await expect(entry.getByText('Zmiana ustawień')).toBeVisible()
    await expect(entry.getByText(OPERATOR)).toBeVisible()
  }
  // Hours, as the settings screen says them.
  await expect(lowered.getByRole('row', { name: new RegExp(EARLINESS) }).getByRole('cell')).toHaveText([
    EARLINESS,
    '336 godz.',
    `${before} godz.`,
  ])
  await expect(raised.getByRole('row', { name: new RegExp(EARLINESS) }).getByRole('cell')).toHaveText([
    EARLINESS,
    `${before} godz.`,
    '336 godz.',
  ])
})
