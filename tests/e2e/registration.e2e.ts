import { randomUUID } from 'node:crypto'
import { expect } from '@playwright/test'
import { LoginPage } from './support/login-page.ts'
import { messagesTo, waitForLink } from './support/mail.ts'
import { ops } from './support/ops.ts'
import { TeacherRegistrationPage } from './support/registration-page.ts'
import { test } from './support/story.ts'

// /registration (teacher six steps, student three), the verification that follows and the field
// rules (product-rules.md "Screens and routes", "Sign-in and account states", "Validation").

test('a new teacher registers in six steps, waits for verification, then signs in', async ({ page }) => {
  const email = `lektorka.${randomUUID().slice(0, 8)}@example.com`
  const password = 'Rejestracja-2026'
  const reg = new TeacherRegistrationPage(page)
  await page.goto('/login/teacher')
  await page.getByRole('link', { name: /Zarejestruj się jako lektor/ }).click()
  await expect(page).toHaveURL(/\/registration$/)

  await expect(reg.heading('Twoje dane')).toBeVisible()
  await reg.fillDetails(email, password)
  // A reload mid-way keeps what was typed (except the password).
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Imię' })).toHaveValue('Marianna')
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email)
  await expect(page.getByRole('textbox', { name: 'Hasło', exact: true })).toHaveValue('')
  await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(password)
  await page.getByRole('textbox', { name: 'Powtórz hasło' }).fill(password)
  await reg.next()

  await expect(reg.heading('Zdjęcie profilowe')).toBeVisible()
  await reg.choosePicture()
  await reg.next()
  await expect(reg.heading('Film powitalny')).toBeVisible()
  await reg.chooseVideo()
  await reg.next()
  await expect(reg.heading('Czego uczysz')).toBeVisible()
  await reg.fillSkills()
  await reg.next()
  await expect(reg.heading('Dane do rozliczeń')).toBeVisible()
  await reg.fillBilling()
  await reg.next()
  await expect(reg.heading('Zgody i wysłanie')).toBeVisible()
  await reg.acceptRequiredAgreements()
  await page.getByRole('button', { name: 'Zarejestruj się' }).click()

  const done = page.getByRole('dialog', { name: 'Rejestracja zakończona' })
  await expect(done).toBeVisible({ timeout: 30_000 })
  await done.getByRole('button', { name: 'Przejdź do logowania' }).click()
  await expect(page).toHaveURL(/\/login\/teacher$/)

  // The acknowledgement arrives at once, in Polish (the registration's locale).
  const loginLink = /http:\/\/127\.0\.0\.1:\d+\/login\/teacher/
  await waitForLink(email, loginLink)
  expect(messagesTo(email).map((m) => m.text)).toEqual([
    expect.stringContaining('dziękujemy za rejestrację konta lektora w Lektorium'),
  ])

  const login = new LoginPage(page)
  await login.signIn(email, password)
  await expect(page.getByText('Twoje konto czeka na weryfikację')).toBeVisible()

  expect(ops('verify-teacher', email)).toContain('the e-mail telling them so was sent')
  // The teacher starts from the verification e-mail's link.
  const link = await waitForLink(email, loginLink, 1)
  await page.goto(link)
  await login.signIn(email, password)
  await expect(page).toHaveURL(/\/dashboard\/my-lessons$/)
})

test('an invited student registers from the e-mailed link, opened twice, and lands on scheduling', async ({
  page,
  baseURL,
}) => {
  const email = `kursant.${randomUUID().slice(0, 8)}@example.com`
  const password = 'Kursant-2026!'
  // Run as an operator would, with the server's DATA_DIR only: the link is on the address the
  // server announced, not on a default of the command's own.
  ops('invite-student', email, '--human', '--locale', 'pl')
  const link = await waitForLink(email, /http:\/\/[^/\s]+\/invitation\?token=[A-Za-z0-9_-]+/)
  expect(new URL(link).origin).toBe(new URL(baseURL ?? '').origin)

  await page.goto(link)
  await expect(page).toHaveURL(/\/registration$/)
  await expect(page.getByRole('heading', { name: 'Dokończ rejestrację' })).toBeVisible()
  // The tab is closed before finishing; the link, opened again (here on a device
  // with nothing stored), still works until the password is set.
  await page.evaluate(() => localStorage.clear())
  await page.goto(link)
  await expect(page).toHaveURL(/\/registration$/)
  await expect(page.getByRole('heading', { name: 'Dokończ rejestrację' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Imię' }).fill('Tomasz')
  await page.getByRole('textbox', { name: 'Nazwisko' }).fill('Zieliński')
  await page.getByRole('textbox', { name: /Numer telefonu/ }).fill('601 202 303')
  await page.getByLabel('Data urodzenia').fill('2001-09-30')
  await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(password)
  await page.getByRole('textbox', { name: 'Powtórz hasło' }).fill(password)
  await page.getByRole('button', { name: 'Dalej' }).click()
  await page.getByRole('button', { name: 'Pomiń' }).click()
  await page.getByRole('checkbox', { name: /Akceptuję regulamin/ }).check()
  await page.getByRole('checkbox', { name: /nagrywanie mojego głosu/ }).check()
  await page.getByRole('button', { name: 'Zakończ rejestrację' }).click()

  await expect(page).toHaveURL(/\/dashboard\/set-lessons$/)
  expect(await page.evaluate(() => localStorage.getItem('registration_completed'))).toBe('true')
  // A student who has never booked is offered the first-lesson onboarding.
  await expect(page.getByText('Pierwsza lekcja? Dobierzemy Ci lektora.')).toBeVisible()

  // Used to set the password, the link says so and what to do instead.
  await page.goto(link)
  await expect(
    page.getByText('To zaproszenie zostało już wykorzystane: hasło do konta jest ustawione.'),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Zresetuj hasło' }).click()
  await expect(page).toHaveURL(/\/password-reset$/)

  // The new password works for a fresh sign-in.
  await page.evaluate(() => localStorage.clear())
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(email, password)
  await expect(page).toHaveURL(/\/dashboard\/set-lessons$/)
})
