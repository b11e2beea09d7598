import { expect } from '@playwright/test'
import { LoginPage, STUDENT, STUDENT_PARTNER } from './support/login-page.ts'
import { ops } from './support/ops.ts'
import { SetLessonsPage } from './support/set-lessons-page.ts'
import { test } from './support/story.ts'

// A student filters, opens a teacher, books two slots, meets the limit on a third, and after a
// reload sees the booked slots as scheduled. A teacher who does not accept new students:
// allowed-students.e2e.ts.

test('a student books two lessons, meets the limit on a third and sees them scheduled after reload', async ({
  page,
}) => {
  const login = new LoginPage(page)
  await login.goto('/login/student')
  await login.signIn(STUDENT)
  const screen = new SetLessonsPage(page)
  await expect(page).toHaveURL(/\/dashboard\/set-lessons/)

  // The language starts at the student's first learned one (English); Anna Nowak is the only
  // English teacher at C2 in the demo data.
  await expect(page.getByRole('combobox', { name: 'Język', exact: true })).toHaveValue('Angielski')
  await expect(screen.results()).toHaveCount(3)
  await screen.filter('Poziom', 'C2')
  await expect(screen.results()).toHaveCount(1)
  await screen.openTeacher('Anna Nowak')
  // The next week is always wholly bookable, whatever day the run falls on.
  await screen.nextWeek()
  const [first = '', second = '', third = ''] = await screen.firstFreeSlotsOnDays(3)
  await screen.slot(first).click()
  await screen.slot(second).click()
  await expect(page.getByRole('button', { name: /^Usuń termin: / })).toHaveCount(2)
  await expect(screen.slot(first)).toHaveAttribute('aria-pressed', 'true')

  // product-rules.md "Scheduled lessons limit": selected + scheduled reached the limit (2): the
  // other slots fade, a tooltip says so.
  await expect(screen.slot(third)).toHaveAccessibleName(/Osiągnięto limit/)
  // The faded slot is aria-disabled but stays focusable and clickable, so the refusal can speak.
  await screen.slot(third).click({ force: true })
  await expect(page.getByRole('tooltip')).toContainText('możesz mieć naraz najwyżej 2 zaplanowane lekcje')
  await expect(page.getByRole('button', { name: /^Usuń termin: / })).toHaveCount(2)

  const tooltip = page.getByRole('tooltip')
  await page.getByRole('button', { name: 'Umów wybrane terminy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Potwierdź lekcje' })
  await expect(dialog).toBeVisible()
  // The limit hint, still open, was once drawn over the dialog, then behind its overlay; moving on
  // to "Umów wybrane terminy" closes it now.
  await expect(tooltip).toHaveCount(0)
  await dialog.getByRole('combobox', { name: 'Poziom' }).click()
  await page.getByRole('option', { name: 'B1', exact: true }).click()
  await dialog.getByRole('button', { name: 'Umów lekcje' }).click()
  // Two lessons are said in the plural.
  await expect(page.getByText('Umówiliśmy 2 lekcje')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: /^Usuń termin: / })).toHaveCount(0)

  // The teacher and the week are in the URL: a reload shows the same week with both lessons.
  await page.reload()
  await expect(screen.slotsNamed(/: masz już lekcję w tym czasie$/)).toHaveCount(2)
  await expect(screen.slot(first)).toHaveAccessibleName(/: masz już lekcję w tym czasie$/)
  await expect(screen.slot(second)).toHaveAccessibleName(/: masz już lekcję w tym czasie$/)
})

// Two slots of one day were once offered, then refused together by the server
// (decisions.md "The same-day rule in the slot grid, and refusals that name their slots").
test('a second slot of the same day with a teacher cannot be picked, and says why', async ({ page }) => {
  // Aleksandra books here and in keyboard.e2e.ts; other journeys need her slots still free.
  ops('lesson-limits', STUDENT_PARTNER, '--scheduled', '6')
  const login = new LoginPage(page)
  await login.goto('/login/student')
  await login.signIn(STUDENT_PARTNER)
  await expect(page).toHaveURL(/\/dashboard\//)
  const screen = new SetLessonsPage(page)
  await screen.goto()
  await screen.openTeacher('Anna Nowak')
  await screen.nextWeek()
  const [first = '', second = ''] = await screen.freeSlotsOfOneDay(2)
  await screen.slot(first).click()
  await expect(screen.slot(first)).toHaveAttribute('aria-pressed', 'true')
  const time = first.split(', ')[1] ?? ''
  const rule = `U tego lektora możesz umówić jedną lekcję dziennie. Tego dnia wybrano już ${time}.`
  await expect(screen.slot(second)).toHaveAttribute('aria-disabled', 'true')
  await expect(screen.slot(second)).toHaveAccessibleName(`${second}: ${rule}`)
  await screen.slot(second).click({ force: true })
  await expect(page.getByRole('tooltip')).toHaveText(rule)
  await expect(page.getByRole('button', { name: /^Usuń termin: / })).toHaveCount(1)
  // Taking the first back frees the day.
  await screen.slot(first).click()
  await screen.slot(second).click()
  await expect(screen.slot(second)).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('button', { name: /^Usuń termin: / })).toHaveCount(1)

  // Booked, the day's other slots say why they cannot be booked ("You already have a lesson
  // scheduled for this date", product-rules.md "Same-day rule"), before the server has to refuse
  // them.
  await page.getByRole('button', { name: 'Umów wybrane terminy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Potwierdź lekcje' })
  await dialog.getByRole('combobox', { name: 'Poziom' }).click()
  await page.getByRole('option', { name: 'B1', exact: true }).click()
  await dialog.getByRole('button', { name: 'Umów lekcje' }).click()
  await expect(page.getByText('Lekcja została umówiona')).toBeVisible()
  await expect(screen.slot(second)).toHaveAccessibleName(/: masz już lekcję w tym czasie$/)
  await expect(screen.slot(first)).toHaveAccessibleName(`${first}: Masz już lekcję zaplanowaną na ten dzień.`)
  await expect(screen.slot(first)).toHaveAttribute('aria-disabled', 'true')
})
