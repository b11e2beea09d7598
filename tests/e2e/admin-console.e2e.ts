import { randomUUID } from 'node:crypto'
import { type Browser, chromium, expect, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { formatPolandDate, formatPolandTime } from '../../src/domain/poland-time.ts'
import { mailedLink, scanQrCode, totpNow } from './support/console-operator.ts'
import { DEMO_PASSWORD, LoginPage, STUDENT, storedToken } from './support/login-page.ts'
import { messagesTo } from './support/mail.ts'
import { opsOn } from './support/ops.ts'
import { OwnServer } from './support/own-server.ts'
import { newStoryContext, storyNow, test } from './support/story.ts'

// The school's console: an operator made with `ops create-operator` (named) follows the e-mailed
// link to this server on its own port, sets a password, signs in on the login page (the address
// filled in), lands on /admin, enrols a second factor from its QR code (read back from the page,
// the codes computed here as an authenticator app would), changes a setting and finds the change
// in the audit log, labelled, in Poland time, under the operator's name; a later sign-in passes with a
// recovery code. A student cannot open the console. A server of the journey's own, so the
// setting it changes moves no other journey's booking rules.

const server = new OwnServer(E2E_PORT + 97, 'e2e-admin-console')
const OPERATOR = `operator.${randomUUID().slice(0, 8)}@example.com`
const PASSWORD = 'Konsola-Szkoly-2026'
/** The demo's teacher awaiting verification (seed/demo-teachers.ts). */
const PENDING_TEACHER = 'ewa.wozniak@demo.lektorium.pl'

let browser: Browser

test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

test.beforeAll(async () => {
  await server.start()
  browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS })
})

test.afterAll(async () => {
  await browser?.close()
  await server.stop()
})

async function newPage(): Promise<Page> {
  const context = await newStoryContext(browser, { baseURL: server.url })
  return context.newPage()
}

let recoveryCodes: string[] = []

test('an operator follows the e-mailed link, sets a password, scans the QR code and changes a setting, audited', async () => {
  const created = opsOn(
    server,
    'create-operator',
    OPERATOR,
    '--first-name',
    'Ola',
    '--last-name',
    'Kowalczyk',
  )
  expect(created).toContain(`Created operator ${OPERATOR}`)
  const page = await newPage()
  // The link as mailed: the address this server (on a port of its own) announced, not a default.
  const link = await mailedLink(
    server,
    OPERATOR,
    /http:\/\/[^\s]+\/password-reset\/new\?token=[A-Za-z0-9_-]+/,
  )
  expect(link.startsWith(`${server.url}/password-reset/new?token=`)).toBe(true)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Ustaw hasło do konsoli' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(PASSWORD)
  await page.getByRole('textbox', { name: 'Powtórz hasło' }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Zapisz hasło' }).click()
  await expect(page).toHaveURL(/\/login$/)

  // The ordinary login page, the address filled in; the operator lands on the console's enrolment.
  const login = new LoginPage(page)
  await expect(login.email).toHaveValue(OPERATOR)
  await login.password.fill(PASSWORD)
  await login.submit.click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Zabezpiecz konto drugim składnikiem' })).toBeVisible()

  // The QR code, read back from the page as a phone's camera would, holds the key shown beside it.
  const uri = new URL(await scanQrCode(page))
  const secret = uri.searchParams.get('secret') ?? ''
  expect(uri.protocol).toBe('otpauth:')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  const shown = ((await page.getByLabel('Klucz konfiguracji').textContent()) ?? '').replaceAll(/\s/g, '')
  expect(shown).toBe(secret)

  // A wrong first code says what to check.
  const wrong = totpNow(secret) === '000000' ? '111111' : '000000'
  await page.getByLabel('Kod z aplikacji').fill(wrong)
  await page.getByRole('button', { name: 'Potwierdź kod' }).click()
  await expect(page.getByText(/Sprawdź, czy zegar telefonu ustawia się automatycznie/)).toBeVisible()

  await page.getByLabel('Kod z aplikacji').fill(totpNow(secret))
  await page.getByRole('button', { name: 'Potwierdź kod' }).click()
  await expect(page.getByRole('heading', { name: 'Zapisz kody odzyskiwania' })).toBeVisible()
  recoveryCodes = await page
    .getByRole('list', { name: 'Kody odzyskiwania' })
    .getByRole('listitem')
    .allInnerTexts()
  expect(recoveryCodes.length).toBeGreaterThanOrEqual(8)
  const toConsole = page.getByRole('button', { name: 'Przejdź do konsoli' })
  await expect(toConsole).toBeDisabled()
  await page.getByLabel('Kody są zapisane w bezpiecznym miejscu').check()
  await toConsole.click()
  await expect(page).toHaveURL(/\/admin\/teachers$/)

  // Settings: the ban duration goes up by one day.
  await page
    .getByRole('navigation', { name: 'Nawigacja konsoli' })
    .getByRole('link', { name: 'Ustawienia' })
    .click()
  const ban = page.getByLabel('Czas blokady konta')
  await expect(ban).not.toHaveValue('')
  const before = Number(await ban.inputValue())
  const after = before === 365 ? 364 : before + 1
  await ban.fill(String(after))
  // Out of range is refused on the field before anything is sent.
  const lessonEarliness = page.getByLabel('Najkrótszy czas do lekcji przy rezerwacji')
  const earliness = await lessonEarliness.inputValue()
  await lessonEarliness.fill('9999')
  await page.getByRole('button', { name: 'Zapisz zmiany' }).click()
  await expect(page.getByText('Liczba całkowita od 0 do 336 godzin').last()).toBeVisible()
  await lessonEarliness.fill(earliness)
  await page.getByRole('button', { name: 'Zapisz zmiany' }).click()
  await expect(page.getByText('Zapisano.')).toBeVisible()

  // The change in the audit log, one click away: labelled fields, Poland time, the operator's name.
  await page.getByRole('link', { name: 'Zobacz zmianę w dzienniku' }).click()
  await expect(page).toHaveURL(/\/admin\/audit\?action=settings\.update$/)
  const entry = page.getByRole('article').first()
  await expect(entry.getByText('Zmiana ustawień')).toBeVisible()
  await expect(entry.getByText(`Ola Kowalczyk · ${OPERATOR}`)).toBeVisible()
  await expect(entry.getByText('Ustawienia szkoły', { exact: true })).toBeVisible()
  const at = new Date((await entry.locator('time').getAttribute('datetime')) ?? '')
  expect(Math.abs(at.getTime() - storyNow().getTime())).toBeLessThan(10 * 60_000)
  await expect(entry.locator('time')).toHaveText(`${formatPolandDate(at)} ${formatPolandTime(at)}`)
  const row = entry.getByRole('row', { name: /Czas blokady konta/ })
  await expect(row.getByRole('cell')).toHaveText(['Czas blokady konta', `${before} dni`, `${after} dni`])
  await expect(page.getByRole('combobox', { name: 'Działanie' })).toHaveValue('Zmiana ustawień')

  // The same page in English after a reload: the session has passed its second factor.
  await page.getByText('EN', { exact: true }).click()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  const english = page.getByRole('article').first()
  await expect(english.getByText('Settings changed')).toBeVisible()
  await expect(english.getByRole('row', { name: /Account ban duration/ }).getByRole('cell')).toHaveText([
    'Account ban duration',
    `${before} days`,
    `${after} days`,
  ])
  await page.getByText('PL', { exact: true }).click()
  await page.getByRole('button', { name: 'Wyloguj się' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('the next sign-in passes with a recovery code; the operator verifies a teacher and invites students from a CSV', async () => {
  const page = await newPage()
  const login = new LoginPage(page)
  await login.goto('/admin/settings')
  await login.signIn(OPERATOR, PASSWORD)
  await expect(page.getByRole('heading', { name: 'Potwierdź, że to Ty' })).toBeVisible()
  // Until the second factor is passed the operator APIs stay closed.
  const token = await storedToken(page)
  const closed = await page.request.get('/api/v1/admin/settings/show', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(closed.status()).toBe(403)

  await page.getByRole('button', { name: /użyj kodu odzyskiwania/ }).click()
  await page.getByLabel('Kod odzyskiwania').fill('zzzzz-zzzzz')
  await page.getByRole('button', { name: 'Zaloguj się' }).click()
  await expect(page.getByText('Ten kod odzyskiwania jest nieprawidłowy albo został już użyty.')).toBeVisible()
  await page.getByLabel('Kod odzyskiwania').fill(recoveryCodes[0] ?? '')
  await page.getByRole('button', { name: 'Zaloguj się' }).click()
  await expect(page.getByRole('heading', { name: 'Lektorzy' })).toBeVisible()
  // The operator sees the console only: the app's screens send them back to it.
  await page.goto('/dashboard/my-lessons')
  await expect(page).toHaveURL(/\/admin\/teachers$/)

  // The demo's teacher awaiting verification is verified from the queue, and can sign in.
  const pending = page.getByRole('article', { name: 'Ewa Woźniak' })
  await expect(pending.getByText('Czeka na weryfikację')).toBeVisible()
  await expect(pending.getByText('Szwedzki · C1')).toBeVisible()
  await pending.getByRole('button', { name: 'Zweryfikuj' }).click()
  await expect(page.getByText('Nikt nie czeka na weryfikację.')).toBeVisible()
  const teacherPage = await newPage()
  const teacherLogin = new LoginPage(teacherPage)
  await teacherLogin.goto('/login/teacher')
  await teacherLogin.signIn(PENDING_TEACHER, DEMO_PASSWORD)
  await expect(teacherPage).toHaveURL(/\/dashboard\/my-lessons$/)
  await teacherPage.context().close()
  await page.goto('/admin/audit?action=teacher.verify')
  await expect(page.getByRole('article').first().getByText('Weryfikacja lektora')).toBeVisible()

  // Twenty students of a corporate customer from a CSV: the two bad rows are shown and not sent,
  // the eighteen others are invited, each by e-mail.
  const stamp = randomUUID().slice(0, 8)
  const good = Array.from({ length: 18 }, (_, i) => `firma.${stamp}.${i}@example.com`)
  const csv = [
    'email,human_access,ai_access,only_group_lessons,active_until,company_name,locale',
    ...good.map((email, i) => `${email},tak,nie,,2030-06-30,Firma ${stamp},${i % 2 ? 'en' : 'pl'}`),
    `not-an-address,tak,nie,,2030-06-30,Firma ${stamp},pl`,
    `late.${stamp}@example.com,tak,nie,,2020-01-01,Firma ${stamp},pl`,
  ].join('\n')
  await page
    .getByRole('navigation', { name: 'Nawigacja konsoli' })
    .getByRole('link', { name: 'Kursanci' })
    .click()
  await page.getByRole('button', { name: 'Zaproś z pliku CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Zaproś kursantów z pliku CSV' })
  await dialog.getByRole('textbox', { name: 'Zawartość pliku' }).fill(csv)
  await dialog.getByRole('button', { name: 'Sprawdź' }).click()
  await expect(
    dialog.getByText('Wierszy: 20; do wysłania: 18; z problemami (nie zostaną wysłane): 2.'),
  ).toBeVisible()
  await expect(dialog.getByRole('listitem').filter({ hasText: 'not-an-address' })).toContainText(
    'nieprawidłowy e-mail',
  )
  await expect(dialog.getByRole('listitem').filter({ hasText: `late.${stamp}@` })).toContainText(
    'data już minęła',
  )
  expect(messagesTo(good[0] ?? '', server.dataDir)).toHaveLength(0)
  await dialog.getByRole('button', { name: 'Wyślij 18 zaproszeń' }).click()
  await expect(dialog.getByText('Zaproszonych: 18; niewysłanych: 2; e-mail nie doszedł: 0.')).toBeVisible()
  for (const email of good) expect(messagesTo(email, server.dataDir).length, email).toBe(1)
  expect(messagesTo(`late.${stamp}@example.com`, server.dataDir)).toHaveLength(0)
  await dialog.getByRole('button', { name: 'Zamknij', exact: true }).click()
  // They are on the list, found by their company.
  await page.getByRole('textbox', { name: 'Firma' }).fill(`Firma ${stamp}`)
  await page.getByRole('button', { name: 'Szukaj' }).click()
  await expect(page).toHaveURL(new RegExp(`company=Firma\\+${stamp}`))
  await expect(page.getByRole('article')).toHaveCount(18)
})

test('a student cannot open the console, and the operator APIs refuse them', async () => {
  const page = await newPage()
  const login = new LoginPage(page)
  await login.goto('/login')
  await login.signIn(STUDENT, DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/dashboard\//)
  await page.goto('/admin/settings')
  await expect(page).toHaveURL(/\/dashboard\//)
  await expect(page.getByText('Konsola szkoły')).toHaveCount(0)
  const token = await storedToken(page)
  const answer = await page.request.get('/api/v1/admin/audit/index', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(answer.status()).toBe(403)
})
