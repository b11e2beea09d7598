import { expect } from '@playwright/test'
import { LoginPage, STUDENT, TEACHER } from './support/login-page.ts'
import { test } from './support/story.ts'

// The address the README gives (`/`) once answered 500. `/` redirects to set-lessons
// (product-rules.md "Screens and routes"), and the guard sends someone signed out to /login.

test('a newcomer opens the README address and reaches the login, then scheduling', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL(/\/login$/)
  const login = new LoginPage(page)
  await expect(login.submit).toBeVisible()
  await login.signIn(STUDENT)
  await expect(page).toHaveURL(/\/dashboard\/set-lessons$/)

  // Opening `/` again (an installed app's start_url) goes straight to the student's first screen.
  await page.goto('/')
  await expect(page).toHaveURL(/\/dashboard\/set-lessons$/)
})

test('a teacher opening / or a mistyped address lands on my lessons', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto('/')
  await login.signIn(TEACHER)
  await expect(page).toHaveURL(/\/dashboard\/my-lessons$/)
  for (const typed of ['/', '/dashboard', '/nie-ma-takiej-strony']) {
    const response = await page.goto(typed)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(/\/dashboard\/my-lessons$/)
  }
})

test('a missing file or a folder of the build answers 404, not the app', async ({ request }) => {
  for (const path of ['/assets/', '/icons/', '/assets/nie-ma-takiego-pliku.js']) {
    expect((await request.get(path)).status()).toBe(404)
  }
})
