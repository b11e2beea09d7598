import { expect } from '@playwright/test'
import { test } from './support/story.ts'

// A screen's chunk that cannot be downloaded (a new deployment removed the old build's files, or
// the connection broke) reloads the page once, and then shows the ChunkLoadError screen
// (product-rules.md "Errors") — never a blank page.

// Requests a service worker answers are out of page.route's reach: this journey goes without one.
test.use({ serviceWorkers: 'block' })

const SCREEN_CHUNK = /\/assets\/password-reset-request-screen-[\w-]+\.js$/

test('a screen whose chunk fails to load reloads once, then says so in Polish and English', async ({
  page,
}) => {
  let documents = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1
  })
  let blocked = true
  await page.route(SCREEN_CHUNK, (route) => (blocked ? route.abort('failed') : route.continue()))

  await page.goto('/password-reset')
  await expect(page.getByRole('heading', { name: 'Nie udało się wczytać aplikacji' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'The app could not be loaded' })).toBeVisible()
  await expect(page.getByText(/ChunkLoadError/).first()).toBeVisible()
  // The first failure reloaded the page; the second, right after, showed the screen.
  expect(documents).toBe(2)

  // Once the file can be downloaded again, the screen's button brings the page back.
  blocked = false
  await page.getByRole('button', { name: /Odśwież stronę/ }).click()
  await expect(page.getByRole('textbox', { name: /e-mail/i })).toBeVisible()
  expect(documents).toBe(3)
})
