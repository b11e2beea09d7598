import { expect, type Locator, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { LoginPage, STUDENT, STUDENT_PARTNER, TEACHER } from './support/login-page.ts'
import { ops } from './support/ops.ts'
import { OwnServer } from './support/own-server.ts'
import { addLesson } from './support/server-lessons.ts'
import { SetLessonsPage } from './support/set-lessons-page.ts'
import { test } from './support/story.ts'

// By keyboard only (decisions.md "Focus and keyboard"): the focus once went to <body> after
// "Pokaż terminy", after booking and after closing a ⋮-menu dialog; the slot grid took 26 Tabs to
// reach Thursday; there was no skip link.

test('the keyboard skips to the content, walks the week with arrows, and keeps its place', async ({
  page,
}) => {
  // Aleksandra books here and in booking.e2e.ts; other journeys need her slots still free.
  ops('lesson-limits', STUDENT_PARTNER, '--scheduled', '6')
  const login = new LoginPage(page)
  await login.goto('/login/student')
  await login.signIn(STUDENT_PARTNER)
  await expect(page).toHaveURL(/set-lessons/)
  const screen = new SetLessonsPage(page)

  // The first Tab of the page is the skip link; it lands in the content. The screen has loaded
  // first (its chunk and the search): nothing may take the focus after the Tab.
  const skip = page.getByRole('link', { name: 'Przejdź do treści' })
  await expect(page.getByRole('button', { name: 'Pokaż terminy: Anna Nowak' })).toBeVisible()
  await expect(skip).toBeAttached()
  await expect(async () => {
    await page.locator('body').focus()
    await page.keyboard.press('Tab')
    await expect(skip).toBeFocused({ timeout: 1_000 })
  }).toPass({ timeout: 10_000 })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()

  // "Pokaż terminy" takes the focus to the teacher it opened.
  await page.getByRole('button', { name: 'Pokaż terminy: Anna Nowak' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Anna Nowak', level: 2 })).toBeFocused()

  // The week is one Tab stop; arrows cross the days.
  await screen.nextWeek()
  await expect(page.getByRole('button', { name: 'Następny tydzień' })).toBeFocused()
  await page.keyboard.press('Tab')
  // One Tab lands on the first slot that can be chosen, early in the week; at most three → reach
  // Thursday (it took 26 Tabs).
  const focusedSlot = page.locator('[data-slot-id]:focus')
  await expect(focusedSlot).toHaveAttribute('aria-label', /^(poniedziałek|wtorek|środa) .*: wolny$/)
  const label = async () => (await focusedSlot.getAttribute('aria-label')) ?? ''
  for (let day = 0; day < 3 && !(await label()).startsWith('czwartek'); day++) {
    await page.keyboard.press('ArrowRight')
  }
  await expect(focusedSlot).toHaveAttribute('aria-label', /^czwartek .*: wolny$/)
  const thursday = ((await focusedSlot.getAttribute('aria-label')) ?? '').split(': ')[0] ?? ''
  await page.keyboard.press('Space')
  await expect(screen.slot(thursday)).toHaveAttribute('aria-pressed', 'true')
  // One more Tab leaves the week for the chosen slot's chip.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: `Usuń termin: ${thursday}` })).toBeFocused()

  // After booking, the focus is on the booked slot, which says so.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Umów wybrane terminy' })).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Potwierdź lekcje' })
  await dialog.getByRole('combobox', { name: 'Poziom' }).click()
  await page.getByRole('option', { name: 'B1', exact: true }).click()
  await dialog.getByRole('button', { name: 'Umów lekcje' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(screen.slot(thursday)).toBeFocused()
  await expect(screen.slot(thursday)).toHaveAccessibleName(/: masz już lekcję w tym czasie$/)

  // Closing a dialog opened from ⋮ gives the focus back to that ⋮.
  await page.goto('/dashboard/my-lessons')
  const menu = page.getByRole('button', { name: /^Działania dla lekcji: / }).first()
  // Enter opens the ⋮-menu with the focus in it, where the arrows walk; Esc gives the focus back
  // to the ⋮ (the first opening loads the menu: its focus once fell to <body>).
  const inMenu = page.locator('[role="menu"]:focus-within')
  await menu.focus()
  await page.keyboard.press('Enter')
  await expect(inMenu).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(menu).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(inMenu).toHaveCount(1)
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('[role="menuitem"]:focus')).toHaveCount(1)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(menu).toBeFocused()
})

/**
 * Opens a dialog from `opener` by the keyboard, closes it with Esc and expects the focus back on
 * `returnTo` (it once went to <body>). Returns whether a dialog opened at all.
 */
async function escReturnsFocus(
  page: Page,
  opener: Locator,
  returnTo: Locator = opener,
): Promise<string | null> {
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  try {
    await expect(dialog).toBeVisible({ timeout: 3_000 })
  } catch {
    return null
  }
  const title = (await dialog.locator('.mantine-Modal-title').textContent()) ?? ''
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(returnTo, `focus after closing "${title}"`).toBeFocused()
  // And it stays there (nothing moves it afterwards).
  await page.waitForTimeout(100)
  await expect(returnTo, `focus after closing "${title}"`).toBeFocused()
  return title
}

/** Every dialog a lesson row opens — its buttons and its ⋮ menu's items — returns the focus. */
async function lessonRowDialogs(page: Page, row: Locator): Promise<string[]> {
  const opened: string[] = []
  const buttons = row.getByRole('button')
  for (let index = 0; index < (await buttons.count()); index++) {
    const button = buttons.nth(index)
    const name = (await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? ''
    if (/^Dołącz/.test(name)) continue
    if (/^Działania dla lekcji: /.test(name)) {
      await button.focus()
      await page.keyboard.press('Enter')
      const items = page.getByRole('menuitem')
      await expect(items.first()).toBeVisible()
      const count = await items.count()
      await page.keyboard.press('Escape')
      await expect(items).toHaveCount(0)
      for (let item = 0; item < count; item++) {
        await button.focus()
        await page.keyboard.press('Enter')
        await expect(items.first()).toBeVisible()
        const title = await escReturnsFocus(page, items.nth(item), button)
        if (title) opened.push(title)
      }
      continue
    }
    const title = await escReturnsFocus(page, button)
    if (title) opened.push(title)
  }
  return opened
}

test.describe('dialogs closed by Esc', () => {
  // Fresh demo data, whatever the shared server went through: Marta's past lessons, and one booked.
  const server = new OwnServer(E2E_PORT + 50, 'e2e-dialog-focus')
  test.beforeAll(async () => {
    await server.start()
    // Marta's demo lessons are all past: one booked for three days ahead.
    await addLesson(server, { teacher: TEACHER, student: STUDENT }, 3 * 24 * 60)
  })
  test.afterAll(() => server.stop())
  test.use({ baseURL: server.url })

  test('Esc gives the focus back to the control that opened each dialog of my-lessons and the profile', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const login = new LoginPage(page)
    await login.goto('/login/student')
    await login.signIn(STUDENT)
    await expect(page).toHaveURL(/set-lessons/)

    // my-lessons: a scheduled and a closed lesson, every button and menu item that opens a dialog.
    const opened: string[] = []
    for (const tab of ['', '?tab=closed']) {
      await page.goto(`/dashboard/my-lessons${tab}`)
      const row = page.getByRole('tabpanel').getByTestId('lesson').first()
      await expect(row).toBeVisible()
      opened.push(...(await lessonRowDialogs(page, row)))
    }
    expect(opened).toEqual(
      expect.arrayContaining([
        'Wiadomość dla lektora',
        'Moje notatki',
        'Odwołaj lekcję',
        'Zgłoś nieobecność',
      ]),
    )
    expect(opened.length).toBeGreaterThanOrEqual(7)

    // The profile: every button of the page that opens a dialog.
    await page.goto('/dashboard/profile')
    await expect(page.getByRole('heading', { name: 'Mój profil', level: 1 })).toBeVisible()
    const buttons = page.getByRole('main').getByRole('button')
    const profileDialogs: string[] = []
    for (let index = 0; index < (await buttons.count()); index++) {
      const title = await escReturnsFocus(page, buttons.nth(index))
      if (title) profileDialogs.push(title)
    }
    // Details, picture, about, learned languages, password.
    expect(profileDialogs.length).toBeGreaterThanOrEqual(5)

    // A teacher's profile has its own dialogs (description, social media, bank details, languages, video).
    await page.evaluate(() => localStorage.clear())
    await login.goto('/login/teacher')
    await login.signIn(TEACHER)
    await expect(page).toHaveURL(/my-lessons/)
    await page.goto('/dashboard/profile')
    await expect(page.getByRole('heading', { name: 'Mój profil', level: 1 })).toBeVisible()
    const teacherDialogs: string[] = []
    for (let index = 0; index < (await buttons.count()); index++) {
      const title = await escReturnsFocus(page, buttons.nth(index))
      if (title) teacherDialogs.push(title)
    }
    expect(teacherDialogs.length).toBeGreaterThanOrEqual(9)
  })
})

test('text fields show a 2 px focus ring (WCAG 2.2 focus appearance)', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto('/login/student')
  const email = page.getByRole('textbox', { name: 'E-mail' })
  await email.focus()
  const outline = await email.evaluate((element) => {
    const style = getComputedStyle(element)
    return { width: style.outlineWidth, style: style.outlineStyle, color: style.outlineColor }
  })
  expect(outline).toEqual({ width: '2px', style: 'solid', color: 'rgb(48, 72, 159)' })
})
