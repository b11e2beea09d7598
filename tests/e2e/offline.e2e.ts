import { expect, type Page } from '@playwright/test'
import { LoginPage, STUDENT_PARTNER, TEACHER } from './support/login-page.ts'
import { SetLessonsPage } from './support/set-lessons-page.ts'
import { test } from './support/story.ts'

// architecture.md "Offline": the service worker precaches the shell; after one online visit the
// app reloads with no network at all.
test('the shell reloads offline after one online visit', async ({ page, context }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(TEACHER)
  await expect(page).toHaveURL(/my-lessons$/)
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready
    return Boolean(registration.active && navigator.serviceWorker.controller)
  })
  // The persisted query cache is written with a short throttle; the profile must be in it.
  await page.waitForFunction(() => localStorage.getItem('lektorium-query-cache')?.includes('"profile"'))

  // Offline for the page and for the service worker's own requests.
  await context.setOffline(true)
  await context.route('**/*', (route) => route.abort('internetdisconnected'))
  await page.reload()

  await expect(page).toHaveURL(/my-lessons$/)
  const nav = page.getByRole('navigation', { name: 'Nawigacja główna' })
  await expect(nav.getByRole('link', { name: 'Moje lekcje' })).toBeVisible()
  await expect(page.getByText(/^Jesteś offline\. Widzisz ostatnio zapisane dane/)).toBeVisible()
  // The room needs the server: no lesson offers Join until the connection is back.
  await expect(page.getByRole('link', { name: /^Dołącz do lekcji/ })).toHaveCount(0)
  // The teacher's own week, mirrored in IndexedDB, shows with a staleness note.
  const schedule = page.getByRole('region', { name: 'Mój grafik' })
  await expect(schedule.getByText(/Jesteś offline\. Grafik z \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/)).toBeVisible()
  await expect(schedule.getByText(/: (wolny|zarezerwowany|zamknięty dla rezerwacji)$/).first()).toBeAttached()
})

/**
 * Aleksandra (a student who has booked nothing in this run, so free slots read as free) opens
 * Magdalena Kamińska's week with the service worker in control; returns the week's address.
 */
async function viewMagdalenasWeek(page: Page): Promise<string> {
  const login = new LoginPage(page)
  await login.goto('/login/student')
  await login.signIn(STUDENT_PARTNER)
  await expect(page).toHaveURL(/set-lessons/)
  const screen = new SetLessonsPage(page)
  await screen.openTeacher('Magdalena Kamińska')
  await screen.weekWithFreeSlots()
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active))
  return page.url()
}

// The last timetable a student viewed is mirrored (IndexedDB) and shown offline,
// marked as possibly out of date, with booking disabled until the connection returns.
test('a student sees the last viewed week offline, marked stale, and cannot book', async ({
  page,
  context,
}) => {
  const url = await viewMagdalenasWeek(page)
  // The profile reaches the persisted query cache after a short throttle; an offline start needs it.
  await page.waitForFunction(() => localStorage.getItem('lektorium-query-cache')?.includes('"profile"'))

  await context.setOffline(true)
  await context.route('**/*', (route) => route.abort('internetdisconnected'))
  await page.goto(url)
  await expect(
    page.getByText(/^Jesteś offline\. Dane z \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} mogą być nieaktualne/),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: /: wolny$/ }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Umów wybrane terminy' })).toBeDisabled()
})

// Offline, set-lessons once said "Szukamy lektorów…" forever, and the saved week showed "Nie udało
// się wczytać profilu lektora" in place of the name under three offline notices
// (decisions.md "Offline and reconnect").
test('offline, set-lessons says so and opens the saved week under its teacher’s name, with one notice', async ({
  page,
  context,
}) => {
  await viewMagdalenasWeek(page)
  const screen = new SetLessonsPage(page)
  // The teacher's profile is kept on the device with the week (persisted query cache).
  await page.waitForFunction(() => localStorage.getItem('lektorium-query-cache')?.includes('Kami'))

  await context.setOffline(true)
  await context.route('**/*', (route) => route.abort('internetdisconnected'))
  await page.goto('/dashboard/set-lessons')
  await expect(
    page.getByText(/^Jesteś offline\. Lista lektorów wróci po odzyskaniu połączenia/),
  ).toBeVisible()
  await expect(page.getByText('Szukamy lektorów…')).toHaveCount(0)
  await page.getByRole('button', { name: 'Pokaż zapisane terminy: Magdalena Kamińska' }).click()

  await expect(page.getByRole('heading', { name: 'Magdalena Kamińska', level: 2 })).toBeVisible()
  await expect(page.getByText('Nie udało się wczytać profilu lektora.')).toHaveCount(0)
  // One offline notice: the saved week's own, which says what the general banner would.
  await expect(page.getByText(/^Jesteś offline\. Dane z \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/)).toBeVisible()
  await expect(page.getByText(/^Jesteś offline\. Widzisz ostatnio zapisane dane/)).toHaveCount(0)
  await expect(
    page.getByText('Rezerwacja będzie możliwa po odzyskaniu połączenia.', { exact: true }),
  ).toHaveCount(0)
  await expect(screen.freeSlots().first()).toBeVisible()
})
