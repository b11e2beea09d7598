import { expect, test } from '@playwright/test'
import { LoginPage, STUDENT_PARTNER } from './support/login-page.ts'
import { ops } from './support/ops.ts'
import { SetLessonsPage } from './support/set-lessons-page.ts'

// issue #11 item 7, by keyboard only: the focus went to <body> after "Pokaż terminy", after
// booking and after closing a ⋮-menu dialog; the slot grid took 26 Tabs to reach Thursday; there
// was no skip link.

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
  await menu.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem').first()).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('[role="menuitem"]:focus')).toHaveCount(1)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(menu).toBeFocused()
})
