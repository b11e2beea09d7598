import { expect } from '@playwright/test'
import { LoginPage } from './support/login-page.ts'
import { test } from './support/story.ts'

// A student whose "active until" date has passed (the demo's Adam Pawłowski, 30 days ago) once met
// every teacher's "no free slots in two weeks" and was never told why
// (decisions.md "What a student whose account expired sees"). Now they read "You cannot schedule a
// lesson after the account has expired" (product-rules.md "Errors").

const EXPIRED = 'adam.pawlowski@demo.lektorium.pl'

test('a student whose account expired is told so on set-lessons and in the profile', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto('/login/student')
  await login.signIn(EXPIRED)
  await expect(page).toHaveURL(/\/dashboard\/set-lessons/)

  const notice = page.getByText(/^Twoje konto wygasło \d{2}\.\d{2}\.\d{4}$/)
  await expect(notice).toBeVisible()
  await expect(page.getByText(/^Nie można umawiać lekcji po wygaśnięciu konta\./)).toBeVisible()
  // No teacher offers "no free slots" any more: the search is not shown at all.
  await expect(page.getByRole('button', { name: /^Pokaż terminy: / })).toHaveCount(0)
  await expect(page.getByText(/Brak wolnych terminów/)).toHaveCount(0)

  // The way on: the lessons already had.
  await page.getByRole('link', { name: 'Moje lekcje' }).last().click()
  await expect(page).toHaveURL(/\/dashboard\/my-lessons/)

  await page.goto('/dashboard/profile')
  await expect(page.getByRole('heading', { name: 'Mój profil', level: 1 })).toBeVisible()
  await expect(notice).toBeVisible()
})
