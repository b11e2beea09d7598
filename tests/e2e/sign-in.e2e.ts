import { expect } from '@playwright/test'
import {
  LoginPage,
  STUDENT,
  STUDENT_AI_ONLY,
  STUDENT_INCOMPLETE,
  storedToken,
  TEACHER,
} from './support/login-page.ts'
import { test } from './support/story.ts'

// The routes, the guard and the top navigation, the session and the texts of sign-in
// (product-rules.md "Screens and routes", "Sign-in and account states").

test('a teacher signs in and lands on my lessons with the teacher navigation', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto('/login/teacher')
  await expect(page.getByRole('heading', { name: 'Logowanie lektora' })).toBeVisible()
  await login.signIn(TEACHER)
  await expect(page).toHaveURL(/\/dashboard\/my-lessons$/)
  const nav = page.getByRole('navigation', { name: 'Nawigacja główna' })
  await expect(nav.getByRole('link', { name: 'Moje lekcje' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Umów lekcję' })).toHaveCount(0)
})

test('a student with human lessons signs in and lands on scheduling', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto('/login/student')
  await login.signIn(STUDENT)
  await expect(page).toHaveURL(/\/dashboard\/set-lessons$/)
  const nav = page.getByRole('navigation', { name: 'Nawigacja główna' })
  await expect(nav.getByRole('link', { name: 'Umów lekcję' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Lekcja z AI' })).toHaveCount(0)
})

// An AI-only student starts on the AI lesson, not on a warning on the profile as before.
test('a student with AI lessons only starts on the AI lesson, and reaches the profile from the header', async ({
  page,
}) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(STUDENT_AI_ONLY)
  await expect(page).toHaveURL(/\/dashboard\/ai-lesson$/)
  await expect(page.getByRole('tab', { name: 'Start' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: 'Dzisiejsze powtórki' })).toBeVisible()
  await expect(page.getByText('Zanim umówisz lekcję')).toHaveCount(0)
  const nav = page.getByRole('navigation', { name: 'Nawigacja główna' })
  await expect(nav.getByRole('link', { name: 'Lekcja z AI' })).toBeVisible()
  await page.getByRole('link', { name: 'Mój profil' }).click()
  await expect(page).toHaveURL(/\/dashboard\/profile$/)
  // Asked for by its address, set-lessons still says why it is not open.
  await page.goto('/dashboard/profile?redirect=set-lessons')
  await expect(page.getByText('Zanim umówisz lekcję')).toBeVisible()
})

test('an unknown login id goes to /login and an unknown path to the start', async ({ page }) => {
  await page.goto('/login/admin')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/login$/)
})

test('a wrong password shows the message in Polish and, after switching, in English', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(STUDENT, 'not-the-password')
  await expect(page.getByText('Nieprawidłowy e-mail lub hasło')).toBeVisible()
  await login.switchLanguage('EN')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await login.signIn(STUDENT, 'still-not-the-password')
  await expect(page.getByText('Wrong password or e-mail')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
})

test('a user whose registration is incomplete is sent to /registration', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(STUDENT_INCOMPLETE)
  await expect(page).toHaveURL(/\/registration$/)
  await page.goto('/dashboard/my-lessons')
  await expect(page).toHaveURL(/\/registration$/)
})

test('sign-out returns to /login and the old token no longer works', async ({ page, request }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(TEACHER)
  await expect(page).toHaveURL(/my-lessons$/)
  const token = await storedToken(page)
  const before = await request.get('/api/v1/teachers/me', { headers: { authorization: `Bearer ${token}` } })
  expect(before.status()).toBe(200)

  await page.getByRole('button', { name: 'Menu profilu' }).click()
  // The revocation goes out after the screen has left (logging out works offline too): the old
  // token is tried once the server has answered it.
  const signedOut = page.waitForResponse((response) => response.url().endsWith('/api/v1/users/sign_out'))
  await page.getByRole('menuitem', { name: 'Wyloguj się' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull()
  expect((await signedOut).ok()).toBe(true)
  const after = await request.get('/api/v1/teachers/me', { headers: { authorization: `Bearer ${token}` } })
  expect(after.status()).toBe(401)
  await page.goto('/dashboard/my-lessons')
  await expect(page).toHaveURL(/\/login$/)
})

test('a 401 from any call logs the user out and says so', async ({ page, request }) => {
  // Every alert this tab shows, kept across its loads: a toast leaves after 4 s, which a loaded
  // machine may spend before the next look.
  await page.addInitScript(() => {
    const KEY = 'e2e-alerts-seen'
    const index = new WeakMap<Element, number>()
    new MutationObserver(() => {
      const seen: string[] = JSON.parse(sessionStorage.getItem(KEY) ?? '[]')
      for (const alert of document.querySelectorAll('[role="alert"]')) {
        const at = index.get(alert) ?? seen.push('') - 1
        index.set(alert, at)
        seen[at] = alert.textContent ?? ''
      }
      sessionStorage.setItem(KEY, JSON.stringify(seen))
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(STUDENT)
  await expect(page).toHaveURL(/set-lessons$/)
  // The screen's first calls settle first: one answering 401 just before the reload below would
  // show its toast a moment before the reload wipes it (a race this test once lost).
  await page.waitForLoadState('networkidle')
  // The session ends on the server (as after a password change elsewhere); the next call gets 401.
  const token = await storedToken(page)
  const signOut = await request.post('/api/v1/users/sign_out', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(signOut.ok()).toBe(true)
  await page.reload()
  await expect(page).toHaveURL(/\/login$/)
  await page.waitForLoadState('networkidle')
  // Several calls answer 401 at once; the user is told once.
  const told = async () => {
    const seen: string[] = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem('e2e-alerts-seen'))) ?? '[]',
    )
    return seen.filter((text) => text.includes('Wylogowano Cię'))
  }
  await expect.poll(async () => (await told()).length).toBeGreaterThan(0)
  expect(await told()).toHaveLength(1)
  expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull()
})

test('a banned student is refused with a dialog that gives the ban end date', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn('natalia.grabowska@demo.lektorium.pl')
  const dialog = page.getByRole('dialog', { name: 'Konto zablokowane' })
  await expect(dialog).toContainText(/zablokowane do \d{2}\.\d{2}\.\d{4}/)
  // Said once, not again under the form.
  await expect(page.getByText(/^Twoje konto jest zablokowane do/)).toHaveCount(1)
  await dialog.getByRole('button', { name: 'Rozumiem' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(/zablokowane do/)).toHaveCount(0)
  await expect(page).toHaveURL(/\/login$/)
})
