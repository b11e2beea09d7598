import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { LoginPage, STUDENT, TEACHER } from './support/login-page.ts'
import { MyLessonsPage } from './support/my-lessons-page.ts'
import { OwnServer } from './support/own-server.ts'
import { addLesson } from './support/server-lessons.ts'
import { newStoryContext, test } from './support/story.ts'

// decisions.md "Ratings read where people look; a lesson's state from one rule": a cancelled future
// lesson and a just-ended lesson sit in the right tab with the right actions; a rating with its
// comment is read back by the teacher and on the teacher's page; the teacher opens the student's
// "about" from a lesson. A server of its own, because the lessons are written at instants of the
// journey's choosing.

const server = new OwnServer(E2E_PORT + 40, 'e2e-lesson-states')
const MINUTE = 1
const DAY = 24 * 60 * MINUTE
const PAIR = { teacher: TEACHER, student: STUDENT }

const contexts: BrowserContext[] = []
test.beforeAll(() => server.start())
test.afterAll(async () => {
  for (const context of contexts) await context.close()
  await server.stop()
})

async function signIn(browser: Browser, email: string): Promise<{ page: Page; lessons: MyLessonsPage }> {
  const context = await newStoryContext(browser, { baseURL: server.url })
  contexts.push(context)
  const page = await context.newPage()
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(email)
  await expect(page).toHaveURL(/\/dashboard\//)
  return { page, lessons: new MyLessonsPage(page) }
}

test('a cancelled future lesson and a just-ended lesson sit under Zakończone with what they offer', async ({
  browser,
}) => {
  // Marta's lessons with Anna in the seed are all over; these two are the journey's own.
  await addLesson(server, PAIR, -50 * MINUTE) // ended five minutes ago, inside the join window's margin
  await addLesson(server, PAIR, 3 * DAY)
  const { lessons } = await signIn(browser, STUDENT)

  await lessons.goto()
  const scheduled = lessons.lessons('Zaplanowane')
  await expect(scheduled).toHaveCount(1)
  const ahead = scheduled.first()
  await expect(ahead).toContainText('Zaplanowana')
  const when = await lessons.whenOf(ahead)

  // "MOŻNA DOŁĄCZYĆ" with both Dołącz and "Oceń lekcję" under Zakończone.
  await lessons.tab('Zakończone').click()
  const ended = lessons.lessons('Zakończone').first()
  await expect(ended).toContainText('Zakończona')
  await expect(ended).not.toContainText('Można dołączyć')
  await expect(ended.getByRole('link', { name: /^Dołącz do lekcji/ })).toHaveCount(0)
  await expect(ended.getByRole('button', { name: /^Dołącz do lekcji/ })).toHaveCount(0)
  await expect(ended.getByRole('button', { name: 'Oceń lekcję: Anna Nowak' })).toBeVisible()
  expect(await lessons.actions(ended)).toContain('Oceń lekcję')

  // Cancelled three days ahead: it leaves Zaplanowane for Zakończone, where it is read first.
  await lessons.tab('Zaplanowane').click()
  const dialog = await lessons.open(lessons.lessonAt('Zaplanowane', when), 'Odwołaj lekcję')
  await dialog.getByRole('button', { name: 'Dalej' }).click()
  await dialog.getByRole('textbox', { name: 'Powód odwołania' }).fill('Zmiana planów.')
  await dialog.getByRole('button', { name: 'Odwołaj lekcję' }).click()
  await expect(lessons.toast('Lekcja została odwołana')).toBeVisible()
  await expect(lessons.lessonAt('Zaplanowane', when)).toHaveCount(0)
  await expect(lessons.page.getByText('Odwołana')).toHaveCount(0)

  await lessons.tab('Zakończone').click()
  const cancelled = lessons.lessonAt('Zakończone', when)
  await expect(cancelled).toContainText('Odwołana')
  await expect(cancelled).toContainText('Powód: Zmiana planów.')
  await expect(lessons.lessons('Zakończone').first()).toHaveAttribute('data-cancelled', 'true')
  await expect(lessons.actionsMenu(cancelled)).toHaveCount(0)
  await expect(cancelled.getByRole('button', { name: /^(Dołącz|Oceń)/ })).toHaveCount(0)
})

test('a rating’s comment is read by the teacher on the lesson and on the teacher’s page; the teacher opens the student’s about', async ({
  browser,
}) => {
  await addLesson(server, PAIR, -60 * MINUTE)
  const student = await signIn(browser, STUDENT)

  // The student writes about herself on her profile (EditAboutMe).
  const about = 'Uczę się angielskiego do pracy w logistyce.'
  await student.page.goto('/dashboard/profile')
  await student.page.getByRole('button', { name: 'Edytuj sekcję „O mnie”' }).click()
  const aboutDialog = student.page.getByRole('dialog', { name: 'Edytuj sekcję „O mnie”' })
  await aboutDialog.getByRole('textbox', { name: 'O mnie' }).fill(about)
  await aboutDialog.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(student.lessons.toast('Dane zostały zaktualizowane')).toBeVisible()

  // Rated from the button beside the newest unrated lesson.
  await student.lessons.goto('Zakończone')
  const rateButton = student.page.getByRole('button', { name: 'Oceń lekcję: Anna Nowak' }).first()
  const lesson = student.lessons.lessons('Zakończone').filter({ has: rateButton }).first()
  const when = await student.lessons.whenOf(lesson)
  await rateButton.click()
  const dialog = student.lessons.dialog('Oceń lekcję')
  await student.lessons.rate(dialog, 3)
  const comment = 'Świetna lekcja, dużo mówienia.'
  await dialog.getByRole('textbox', { name: 'Komentarz' }).fill(comment)
  await dialog.getByRole('button', { name: 'Wyślij ocenę' }).click()
  await expect(student.lessons.toast('Dziękujemy za ocenę lekcji')).toBeVisible()
  const rated = student.lessons.lessonAt('Zakończone', when)
  await expect(rated.getByTestId('lesson-rating')).toContainText('Twoja ocena')
  await expect(rated.getByTestId('lesson-rating')).toContainText(`„${comment}”`)

  // The teacher's page, one click from the lesson: the comment, signed "Marta D." only.
  await rated.getByRole('link', { name: 'Profil lektora: Anna Nowak' }).click()
  const reviews = student.page.getByRole('region', { name: 'Opinie kursantów' })
  await expect(reviews.getByTestId('teacher-review').first()).toContainText(comment)
  await expect(reviews.getByTestId('teacher-review').first()).toContainText('— Marta D.')
  await expect(reviews).not.toContainText('Dąbrowska')

  // The teacher reads it on the same lesson, and opens the student's profile from there.
  const teacher = await signIn(browser, TEACHER)
  await teacher.lessons.goto('Zakończone')
  const taught = teacher.lessons.lessons('Zakończone').filter({ hasText: comment })
  await expect(taught.getByTestId('lesson-rating')).toContainText('Ocena kursanta')
  await expect(taught).toContainText('Marta Dąbrowska')
  await taught.getByRole('link', { name: 'Profil kursanta: Marta Dąbrowska' }).click()
  await expect(teacher.page).toHaveURL(/\/dashboard\/student-profile\//)
  await expect(teacher.page.getByRole('heading', { name: 'Marta Dąbrowska', level: 1 })).toBeVisible()
  await expect(teacher.page.getByRole('region', { name: 'O mnie' })).toContainText(about)
})
