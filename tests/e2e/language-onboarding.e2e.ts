import { expect, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { addDays } from '../../src/domain/poland-time.ts'
import { weekBounds } from '../../src/web/ui/week-bounds.ts'
import { LoginPage, STUDENT, STUDENT_PARTNER, TEACHER } from './support/login-page.ts'
import { messagesTo } from './support/mail.ts'
import { type Answers, dateLabel, giveVoiceSample, OnboardingDialog } from './support/onboarding-dialog.ts'
import { opsOn } from './support/ops.ts'
import { OwnServer } from './support/own-server.ts'
import { SetLessonsPage } from './support/set-lessons-page.ts'
import { newStoryContext, storyNow, test } from './support/story.ts'
import { hourField } from './support/time-field.ts'

// The language onboarding (product-rules.md "Language onboarding") from set-lessons, at 1280 px and
// at 375 px, each on a server of its own with fresh demo data (the journeys book lessons and send
// reports). English is taught by Anna Nowak (weekdays from 16:00, every 45 minutes) and Magdalena
// Kamińska (weekdays 12:00–15:00, Sundays from 10:00); nobody teaches Czech.

const OPERATOR = 'szkola@lektorium.test'
const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 800, port: E2E_PORT + 10 },
  { name: '375 px', width: 375, height: 740, port: E2E_PORT + 11 },
]

const bounds = weekBounds(storyNow())
/** Next week is always wholly bookable (beyond the 12-hour grace period), whatever today is. */
const NEXT_MONDAY = bounds.max
const NEXT_SUNDAY = addDays(bounds.max, 6)
/** Before 08:00 on a Sunday nobody teaches English, not even within ±2 hours. */
const NOBODY_FREE = { date: NEXT_SUNDAY, time: '06:00' }

const answers = (over: Partial<Answers>): Answers => ({
  level: 'B1',
  date: NEXT_MONDAY,
  time: '18:00',
  about: 'Pracuję w logistyce, chcę swobodnie rozmawiać z klientami.',
  ...over,
})

async function signIn(page: Page, email: string) {
  const login = new LoginPage(page)
  await login.goto('/login/student')
  await login.signIn(email)
  await expect(page).toHaveURL(/\/dashboard\/set-lessons/)
}

/** Anna's first free slot on `date` ('HH:mm'), read from her timetable as the student sees it. */
async function annasFreeTime(page: Page, baseUrl: string, token: string, date: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}` }
  const search = await page.request.get(`${baseUrl}/api/v1/teachers/search?per_page=50`, { headers: auth })
  const { data } = (await search.json()) as { data: { id: string; first_name: string; last_name: string }[] }
  const anna = data.find((t) => t.first_name === 'Anna' && t.last_name === 'Nowak')
  if (!anna) throw new Error('Anna Nowak is not in the demo data')
  const query = new URLSearchParams({ teacher_id: anna.id, date_from: date, date_to: date })
  const timetable = await page.request.get(`${baseUrl}/api/v1/teachers/timetables/show?${query}`, {
    headers: auth,
  })
  type Slot = { time: string; available: boolean; scheduled: boolean; missed: boolean }
  const body = (await timetable.json()) as { data: { timetable: { date: string; slots: Slot[] }[] } }
  const free = body.data.timetable[0]?.slots.find((s) => s.available && !s.scheduled && !s.missed)
  if (!free) throw new Error(`Anna has no free slot on ${date}`)
  return free.time
}

for (const viewport of VIEWPORTS) {
  test.describe(`language onboarding at ${viewport.name}`, () => {
    const server = new OwnServer(viewport.port, `e2e-onboarding-${viewport.width}`, {
      OPERATOR_EMAIL: OPERATOR,
    })
    test.beforeAll(() => server.start())
    test.afterAll(() => server.stop())
    test.use({ baseURL: server.url, viewport: { width: viewport.width, height: viewport.height } })

    // Marta has past and booked lessons (demo data), and her onboarding is not done.
    test('(0) a student who has booked before is not offered a "first lesson"', async ({ page }) => {
      await signIn(page, STUDENT)
      await expect(page.getByRole('button', { name: 'Dobierz lektora do mojego terminu' })).toBeVisible()
      await expect(page.getByText('Pierwsza lekcja? Dobierzemy Ci lektora.')).toHaveCount(0)
    })

    // The answers are a draft on the device until the onboarding ends.
    test('(f) closed, reopened and reloaded, the onboarding keeps its answers and says what blocks it', async ({
      page,
    }) => {
      await signIn(page, STUDENT_PARTNER)
      // Aleksandra has never booked (fresh demo data; she books later in this file): the offer is hers.
      await expect(page.getByText('Pierwsza lekcja? Dobierzemy Ci lektora.')).toBeVisible()
      const onboarding = new OnboardingDialog(page)
      await onboarding.open()
      // The headers do not jump ahead: the date's step waits for the level, and says so.
      await expect(onboarding.step(4)).toBeDisabled()
      await expect(onboarding.step(4)).toHaveAccessibleName(
        /niedostępne\)\. Najpierw wybierz swój poziom \(krok 2\)\.$/,
      )
      // The explanation step is never locked.
      await expect(onboarding.step(3)).toBeEnabled()
      await expect(onboarding.step(3)).toHaveAccessibleName(/\(informacja\)$/)
      // The grey Find teacher button says what it needs.
      const find = onboarding.dialog.getByRole('button', { name: 'Znajdź lektora' })
      await expect(find).toBeDisabled()
      await expect(find).toHaveAccessibleDescription(
        /^Aby wyszukać lektora: wybierz swój poziom \(krok 2\); napisz kilka słów o sobie \(krok 5\); nagraj próbkę głosu \(krok 6\)\.$/,
      )

      await onboarding.next()
      await onboarding.choose('Twój poziom', 'B2')
      await onboarding.step(5).click()
      const about = onboarding.dialog.getByRole('textbox', { name: 'Kilka słów o sobie' })
      const text = 'Przeprowadzam się do Dublina i chcę rozmawiać bez stresu.'
      await about.fill(text)
      await expect(find).toHaveAccessibleDescription('Aby wyszukać lektora: nagraj próbkę głosu (krok 6).')

      // Closed and reopened: the level and the about are still there, on the step left open.
      await onboarding.dialog.getByRole('button', { name: 'Zamknij okno' }).click()
      await expect(onboarding.dialog).toBeHidden()
      await onboarding.open()
      await expect(about).toHaveValue(text)
      await expect(onboarding.step(2)).toContainText('B2')

      // After a reload too.
      await page.reload()
      await onboarding.open()
      await expect(about).toHaveValue(text)
      await expect(onboarding.step(2)).toContainText('B2')
      await onboarding.step(2).click()
      await expect(onboarding.combobox('Twój poziom')).toHaveValue('B2')

      // A logout forgets it: the next person on the device starts afresh.
      await onboarding.dialog.getByRole('button', { name: 'Zamknij okno' }).click()
      const drafts = () =>
        page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('onboarding')))
      expect(await drafts()).toHaveLength(1)
      if (viewport.width < 1100) {
        await page.getByRole('button', { name: 'Otwórz menu' }).click()
        await page.getByRole('button', { name: 'Wyloguj się' }).click()
      } else {
        await page.getByRole('button', { name: 'Menu profilu' }).click()
        await page.getByRole('menuitem', { name: 'Wyloguj się' }).click()
      }
      await expect(page).toHaveURL(/\/login$/)
      await expect.poll(drafts).toHaveLength(0)
    })

    test('(a) an exact free slot is offered and booked; the student lands on my-lessons with it', async ({
      page,
      browser,
    }) => {
      const token = await giveVoiceSample(page.request, server.url, STUDENT)
      const time = await annasFreeTime(page, server.url, token, NEXT_MONDAY)
      await signIn(page, STUDENT)
      const onboarding = new OnboardingDialog(page)
      await onboarding.open()
      // Step 1: the language to learn is preset (Marta learns English) and cannot change.
      await expect(onboarding.combobox('Język, którego chcesz się uczyć')).toHaveValue('Angielski')
      await expect(onboarding.combobox('Język, którego chcesz się uczyć')).toBeDisabled()
      await expect(onboarding.combobox('Język, w którym mają być prowadzone lekcje')).toHaveValue('Polski')
      await onboarding.answer(answers({ time }))
      await onboarding.find()
      await expect(
        onboarding.dialog.getByText('Mamy lektora wolnego dokładnie wtedy, kiedy chcesz.'),
      ).toBeVisible()
      await expect(onboarding.dialog.getByText('Anna Nowak')).toBeVisible()
      await expect(onboarding.dialog.getByText(`${dateLabel(NEXT_MONDAY)}, ${time}`)).toBeVisible()
      await onboarding.dialog.getByRole('button', { name: 'Umów tę lekcję' }).click()
      await expect(onboarding.dialog.getByText('Lekcja umówiona')).toBeVisible()
      await onboarding.dialog.getByRole('button', { name: 'Przejdź do moich lekcji' }).click()
      await expect(page).toHaveURL(/\/dashboard\/my-lessons/)
      const when = `${NEXT_MONDAY.slice(8, 10)}.${NEXT_MONDAY.slice(5, 7)}.${NEXT_MONDAY.slice(0, 4)}`
      const lesson = page.getByTestId('lesson').filter({ hasText: 'Anna Nowak' }).filter({ hasText: when })
      await expect(lesson.filter({ hasText: time }).first()).toBeVisible()
      // The onboarding is done (onboarding_completed_at): set-lessons offers it as a link now.
      await page.goto('/dashboard/set-lessons')
      await expect(page.getByRole('button', { name: 'Dobierz lektora do mojego terminu' })).toBeVisible()

      // "Your teacher will read what you wrote": Anna opens Marta's profile from
      // the lesson just booked and reads it.
      const context = await newStoryContext(browser, {
        viewport: { width: viewport.width, height: viewport.height },
      })
      try {
        const teacherPage = await context.newPage()
        const login = new LoginPage(teacherPage)
        await login.goto('/login/teacher')
        await login.signIn(TEACHER)
        // A teacher lands on my-lessons (product-rules.md "Screens and routes").
        await expect(teacherPage).toHaveURL(/\/dashboard\/my-lessons/)
        const booked = teacherPage
          .getByTestId('lesson')
          .filter({ hasText: 'Marta Dąbrowska' })
          .filter({ hasText: when })
          .filter({ hasText: time })
          .first()
        await booked.getByRole('link', { name: 'Profil kursanta: Marta Dąbrowska' }).click()
        await expect(teacherPage).toHaveURL(/\/dashboard\/student-profile\//)
        await expect(teacherPage.getByRole('region', { name: 'O mnie' })).toContainText(answers({}).about)
      } finally {
        await context.close()
      }
    })

    test('(b) without an exact slot the teacher’s week is shown; two slots are picked and booked', async ({
      page,
    }) => {
      await giveVoiceSample(page.request, server.url, STUDENT_PARTNER)
      await signIn(page, STUDENT_PARTNER)
      const onboarding = new OnboardingDialog(page)
      await onboarding.open()
      // 17:00 is no slot's start; Anna has slots within two hours of it.
      await onboarding.answer(answers({ time: '17:00' }))
      await onboarding.find()
      await expect(
        onboarding.dialog.getByText('Ten lektor ma wolne terminy blisko wybranej godziny.', { exact: false }),
      ).toBeVisible()
      await expect(onboarding.dialog.getByText('Anna Nowak')).toBeVisible()
      const week = new SetLessonsPage(page)
      const [first = '', second = ''] = await week.firstFreeSlotsOnDays(2)
      await week.slot(first).click()
      await week.slot(second).click()
      await onboarding.dialog.getByRole('button', { name: 'Umów wybrane terminy' }).click()
      const confirm = page.getByRole('dialog', { name: 'Potwierdź lekcje' })
      // The onboarding's language and level come chosen.
      await expect(confirm.getByRole('combobox', { name: 'Poziom' })).toHaveValue('B1')
      await confirm.getByRole('button', { name: 'Umów lekcje' }).click()
      await expect(confirm).toBeHidden()
      await expect(onboarding.dialog.getByText('Lekcja umówiona')).toBeVisible()
      // Closing the dialog (not only its button) goes to my-lessons too.
      await onboarding.dialog.getByRole('button', { name: 'Zamknij okno' }).click()
      await expect(page).toHaveURL(/\/dashboard\/my-lessons/)
      await expect(page.getByTestId('lesson').filter({ hasText: 'Anna Nowak' })).toHaveCount(2)
    })

    test('(c) three identical searches find nobody: one report is stored and mailed, the message changes', async ({
      page,
    }) => {
      await giveVoiceSample(page.request, server.url, STUDENT)
      const mailsBefore = messagesTo(OPERATOR, server.dataDir).length
      await signIn(page, STUDENT)
      const onboarding = new OnboardingDialog(page)
      await onboarding.open()
      await onboarding.answer(answers(NOBODY_FREE))
      await onboarding.find()
      const notFound = onboarding.dialog.getByText('Nie znaleźliśmy wolnego lektora')
      await expect(notFound).toBeVisible()
      const again = onboarding.dialog.getByRole('button', { name: 'Szukaj ponownie' })
      await again.click()
      await expect(notFound).toBeVisible()
      await again.click()
      await expect(onboarding.dialog.getByText('Przekazaliśmy Twoje zgłoszenie szkole')).toBeVisible()
      await expect(notFound).toBeHidden()
      await expect(again).toBeHidden()
      const reports = opsOn(server, 'lack-of-slots')
        .split('\n')
        .filter((line) => line.includes(STUDENT))
      expect(reports).toHaveLength(1)
      expect(reports[0]).toContain(`English\tPolish\tB1\tany\t${NEXT_SUNDAY}\t06:00`)
      await expect.poll(() => messagesTo(OPERATOR, server.dataDir).length).toBe(mailsBefore + 1)
      expect(messagesTo(OPERATOR, server.dataDir).at(-1)?.text).toContain(STUDENT)
    })

    test('(d) nobody teaches the language: the request is sent and stored, with no way back', async ({
      page,
    }) => {
      await giveVoiceSample(page.request, server.url, STUDENT_PARTNER)
      await signIn(page, STUDENT_PARTNER)
      const filters = page.getByRole('region', { name: 'Filtry' })
      const unfold = filters.getByRole('button', { name: 'Zmień filtry' })
      if (viewport.width < 576) await unfold.click()
      await new SetLessonsPage(page).filter('Język', 'Czeski')
      const onboarding = new OnboardingDialog(page)
      await onboarding.open()
      await expect(onboarding.combobox('Język, którego chcesz się uczyć')).toHaveValue('Czeski')
      await onboarding.answer(answers({ level: 'A1' }))
      await onboarding.find()
      await expect(onboarding.dialog.getByText('Zgłoszenie wysłane')).toBeVisible()
      await expect(onboarding.changeCriteria()).toHaveCount(0)
      const reports = opsOn(server, 'lack-of-slots')
        .split('\n')
        .filter((line) => line.includes('Czech'))
      expect(reports).toHaveLength(1)
      expect(reports[0]).toContain(STUDENT_PARTNER)
    })

    test('(e) Change search criteria goes back to step 4 with the earlier answers kept', async ({ page }) => {
      await giveVoiceSample(page.request, server.url, STUDENT)
      await signIn(page, STUDENT)
      const onboarding = new OnboardingDialog(page)
      await onboarding.open()
      const about = 'Chcę przygotować się do rozmowy kwalifikacyjnej.'
      await onboarding.answer(answers({ ...NOBODY_FREE, level: 'B2', about }))
      await onboarding.find()
      await onboarding.changeCriteria().click()
      await expect(onboarding.step(4)).toHaveAttribute('aria-expanded', 'true')
      await expect(onboarding.combobox('Dzień pierwszej lekcji')).toHaveValue(dateLabel(NEXT_SUNDAY))
      await expect(hourField(onboarding.dialog)).toHaveValue('06')
      await expect(onboarding.step(2)).toContainText('B2')
      await onboarding.step(5).click()
      await expect(onboarding.dialog.getByRole('textbox', { name: 'Kilka słów o sobie' })).toHaveValue(about)
      await expect(onboarding.dialog.getByRole('button', { name: 'Znajdź lektora' })).toBeEnabled()
    })
  })
}
