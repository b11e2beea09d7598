import { expect } from '@playwright/test'
import { DEMO_PASSWORD, LoginPage } from './support/login-page.ts'
import { messagesTo, waitForLink } from './support/mail.ts'
import { test } from './support/story.ts'

// reset_password / validate_reset_token / update_password, their texts and the 2-minute wait
// (product-rules.md "Passwords").
// A demo account that no other journey signs in with.
const EMAIL = 'katarzyna.wisniewska@demo.lektorium.pl'
const NEW_PASSWORD = 'Nowe-haslo-2026'
const RESET_LINK = /http:\/\/127\.0\.0\.1:\d+\/password-reset\/new\?token=[A-Za-z0-9_-]+/

test('a user resets the password through the e-mailed link and signs in with the new one', async ({
  page,
}) => {
  const already = messagesTo(EMAIL).length
  await page.goto('/login')
  await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click()
  await expect(page).toHaveURL(/\/password-reset$/)
  // The URL changes at once; the login form (with its own e-mail field) stays until the screen's
  // chunk has arrived.
  await expect(page.getByRole('heading', { name: 'Nie pamiętasz hasła?' })).toBeVisible()
  await page.getByRole('textbox', { name: /e-mail/i }).fill(EMAIL)
  await page.getByRole('button', { name: /wyślij/i }).click()
  await expect(page.getByRole('heading', { name: 'Sprawdź skrzynkę' })).toBeVisible()

  const link = await waitForLink(EMAIL, RESET_LINK, already)
  const mail = messagesTo(EMAIL).at(-1)
  expect(mail?.raw).toMatch(/^Subject: .*/m)

  // A second request within 2 minutes is refused with the spec's text.
  await page.goto('/password-reset')
  await page.getByRole('textbox', { name: /e-mail/i }).fill(EMAIL)
  await page.getByRole('button', { name: /wyślij/i }).click()
  await expect(page.getByText('Odczekaj 2 minuty, zanim ponownie zresetujesz hasło')).toBeVisible()

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Ustaw nowe hasło' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Nowe hasło', exact: true }).fill(NEW_PASSWORD)
  await page.getByRole('textbox', { name: 'Powtórz nowe hasło' }).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Zapisz nowe hasło' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByText('Hasło zostało zmienione')).toBeVisible()

  const login = new LoginPage(page)
  await login.signIn(EMAIL, DEMO_PASSWORD)
  await expect(page.getByText('Nieprawidłowy e-mail lub hasło')).toBeVisible()
  await login.signIn(EMAIL, NEW_PASSWORD)
  await expect(page).toHaveURL(/\/dashboard\/my-lessons$/)

  // The link was single-use.
  await page.evaluate(() => localStorage.clear())
  await page.goto(link)
  await expect(page.getByText('Link do zmiany hasła jest nieprawidłowy lub wygasł')).toBeVisible()
})
