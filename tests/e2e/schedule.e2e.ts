import { expect } from '@playwright/test'
import { STUDENT_PARTNER, signedInPage } from './support/login-page.ts'
import { SetLessonsPage } from './support/set-lessons-page.ts'
import { test } from './support/story.ts'
import { typeTime } from './support/time-field.ts'

// A teacher edits the weekly schedule (SetLesson → WorkScheduleConfirm) and a student sees the new
// slots. Agnieszka Zielińska works weekdays only in the demo data.
const TEACHER_EMAIL = 'agnieszka.zielinska@demo.lektorium.pl'

test('a teacher adds Sunday hours to the weekly schedule and a student sees the new slots', async ({
  openContext,
}) => {
  const teacher = await signedInPage(await openContext(), TEACHER_EMAIL, '/login/teacher')
  const schedule = teacher.getByRole('region', { name: 'Mój grafik' })
  await expect(schedule).toBeVisible()
  // The once-a-day missing-data reminder may open over the screen; close it if so.
  const reminder = teacher.getByRole('dialog')
  if (await reminder.isVisible().catch(() => false)) await teacher.keyboard.press('Escape')

  await schedule.getByRole('button', { name: 'Edytuj grafik' }).click()
  const dialog = teacher.getByRole('dialog', { name: 'Grafik pracy' })
  await dialog.getByRole('tab', { name: 'Co tydzień' }).click()
  await dialog.getByRole('button', { name: 'Dodaj przedział: niedziela' }).click()
  const interval = dialog.getByRole('group', { name: 'Przedział 1, niedziela' })
  // A new interval starts at 08:00–09:00; the time picker moves its end to 10:30.
  const end = interval.getByRole('group', { name: 'Do' })
  await typeTime(end, '10:30')
  await expect(dialog.getByText('3 lekcje')).toBeVisible()
  await dialog.getByRole('button', { name: 'Dalej' }).click()
  // WorkScheduleConfirm is the dialog's second step, with its own title.
  const confirm = teacher.getByRole('dialog', { name: 'Potwierdź grafik' })
  await expect(confirm.getByText('08:00–10:30')).toBeVisible()
  await confirm.getByRole('button', { name: 'Zapisz grafik' }).click()
  await expect(teacher.getByText('Grafik został zapisany')).toBeVisible()

  const student = await signedInPage(await openContext(), STUDENT_PARTNER, '/login/student')
  const screen = new SetLessonsPage(student)
  await screen.goto()
  await screen.filter('Język', 'Rosyjski')
  await screen.openTeacher('Agnieszka Zielińska')
  await screen.nextWeek()
  const sunday = screen.days().filter({ has: student.getByRole('heading', { name: /^niedziela/i }) })
  await expect(screen.freeSlots(sunday)).toHaveCount(3)
  await expect(sunday.getByRole('button', { name: /, 08:00: wolny$/ })).toBeVisible()
  await expect(sunday.getByRole('button', { name: /, 09:30: wolny$/ })).toBeVisible()
})
