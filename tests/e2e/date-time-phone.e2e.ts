import { expect, type Locator, type Page } from '@playwright/test'
import { LoginPage, STUDENT_PARTNER, storedToken } from './support/login-page.ts'
import { storyNow, test } from './support/story.ts'
import { enterTime, hourField, minutesField, typeTime } from './support/time-field.ts'

// The date of birth and the time pickers on @mantine/dates (dayjs, Polish and English), the phone
// input on libphonenumber-js — in Polish and English, on a wide screen and a phone.
// Users no other journey signs in as: Krzysztof Mazur (a student, group lessons only) and Tomasz
// Wójcik (a teacher); the filters are Aleksandra's (she books; nothing is saved but the language).
// Each test puts the profile's language back to Polish, which a switch on the login page saves.

const STUDENT = 'krzysztof.mazur@demo.lektorium.pl'
const TEACHER = 'tomasz.wojcik@demo.lektorium.pl'
const SHOTS = '.tmp/screenshots'

type Lang = 'pl' | 'en'
/** Today in Poland as typed: d.m.yyyy. */
function todayTyped(): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' })
    .format(storyNow())
    .split('-')
  return `${Number(d)}.${Number(m)}.${y}`
}

const say = (lang: Lang, pl: string, en: string) => (lang === 'pl' ? pl : en)
const exactly = (lang: Lang, pl: string, en: string) => ({ name: say(lang, pl, en), exact: true })

async function signIn(page: Page, email: string, lang: Lang, path: string): Promise<void> {
  const login = new LoginPage(page)
  await login.goto(path)
  if (lang === 'en') await login.switchLanguage('EN')
  await login.signIn(email)
  await expect(page).toHaveURL(/\/dashboard\//)
}

/** The profile's language back to Polish (the login page's English was saved to it). */
async function restorePolish(page: Page, role: 'students' | 'teachers'): Promise<void> {
  const token = await storedToken(page).catch(() => null)
  if (!token) return
  const answer = await page.request.post(`/api/v1/${role}/update`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { locale: 'pl' },
  })
  expect(answer.ok()).toBe(true)
}

/** The personal details dialog of the student's profile. */
async function openDetails(page: Page, lang: Lang): Promise<Locator> {
  await page.goto('/dashboard/profile')
  const name = say(lang, 'Edytuj dane osobowe', 'Edit personal details')
  await page.getByRole('button', { name, exact: true }).click()
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  return dialog
}

for (const lang of ['pl', 'en'] as const) {
  for (const width of [1280, 375]) {
    test.describe(`${lang}, ${width} px`, () => {
      test.use({ viewport: { width, height: width > 500 ? 900 : 800 } })
      const shot = (page: Page, name: string) =>
        page.screenshot({ path: `${SHOTS}/i26-${name}-${lang}-${width}.png`, animations: 'disabled' })

      test('the date of birth is typed as dd.mm.rrrr or picked, and never in the future', async ({
        page,
      }) => {
        await signIn(page, STUDENT, lang, '/login/student')
        try {
          const dialog = await openDetails(page, lang)
          const date = dialog.getByRole('textbox', { name: say(lang, 'Data urodzenia', 'Date of birth') })
          await expect(date).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/)
          const save = dialog.getByRole('button', exactly(lang, 'Zapisz', 'Save'))

          // A date in the future is refused with the rule's words.
          await date.fill('01.01.2099')
          await save.click()
          await expect(
            dialog.getByText(
              say(lang, 'Data nie może być z przyszłości', 'The date cannot be in the future'),
            ),
          ).toBeVisible()

          // Today's month in the calendar: the next month cannot be opened (no future day to pick).
          await date.fill(todayTyped())
          await expect(
            page.getByRole('button', exactly(lang, 'Następny miesiąc', 'Next month')),
          ).toBeDisabled()

          // Typed with one-digit day and month, then another day picked in the calendar.
          await date.fill('7.5.1995')
          await page.getByRole('button', exactly(lang, '17 maja 1995', '17 May 1995')).click()
          await expect(date).toHaveValue('17.05.1995')
          await date.click()
          await shot(page, 'date-of-birth')
          await save.click()
          await expect(dialog).toBeHidden()
          await expect(page.getByText('17.05.1995')).toBeVisible()
        } finally {
          await restorePolish(page, 'students')
        }
      })

      test('phone numbers of Poland, Germany, the UK and Ukraine in their national formats', async ({
        page,
      }) => {
        await signIn(page, STUDENT, lang, '/login/student')
        try {
          const dialog = await openDetails(page, lang)
          const number = dialog.getByRole('textbox', { name: say(lang, 'Numer telefonu', 'Phone number') })
          const country = dialog.getByRole('combobox', {
            name: say(lang, 'Kierunkowy kraju', 'Country calling code'),
          })
          await expect(country).toHaveValue(/^[A-Z]{2} \+\d+$/)
          await expect(number).not.toHaveValue('')

          const cases = [
            {
              code: 'DE',
              name: say(lang, 'Niemcy', 'Germany'),
              typed: '015123456789',
              shown: '01512 3456789',
            },
            {
              code: 'GB',
              name: say(lang, 'Wielka Brytania', 'United Kingdom'),
              typed: '07400123456',
              shown: '07400 123456',
            },
            { code: 'UA', name: say(lang, 'Ukraina', 'Ukraine'), typed: '0501234567', shown: '050 123 4567' },
            { code: 'PL', name: say(lang, 'Polska', 'Poland'), typed: '601202303', shown: '601 202 303' },
          ]
          for (const c of cases) {
            await country.click()
            await page.getByRole('option', { name: new RegExp(`^${c.name}`) }).click()
            await expect(country).toHaveValue(new RegExp(`^${c.code} `))
            await number.fill('')
            await number.pressSequentially(c.typed)
            await expect(number).toHaveValue(c.shown)
          }
          await shot(page, 'phone')

          // A number Ukraine cannot have is said at once, before the server is asked.
          await country.click()
          await page.getByRole('option', { name: new RegExp(`^${say(lang, 'Ukraina', 'Ukraine')}`) }).click()
          await number.fill('05012345')
          await dialog.getByRole('button', exactly(lang, 'Zapisz', 'Save')).click()
          await expect(
            dialog.getByText(
              say(
                lang,
                'To nie jest poprawny numer telefonu w wybranym kraju',
                'This is not a valid phone number in the chosen country',
              ),
            ),
          ).toBeVisible()

          // A pasted international number picks its country; the API gets E.164.
          await number.fill('+44 7400 123456')
          await expect(country).toHaveValue('GB +44')
          await expect(number).toHaveValue('07400 123456')
          const saved = page.waitForResponse((r) => r.url().endsWith('/students/update'))
          await dialog.getByRole('button', exactly(lang, 'Zapisz', 'Save')).click()
          const sent = (await saved).request().postDataJSON()
          expect(sent.phone_number).toBe('+447400123456')
          await expect(page.getByText('+44 7400 123456')).toBeVisible()
        } finally {
          await restorePolish(page, 'students')
        }
      })

      test('the filters’ time pickers: keyboard, 15-minute steps, 06:00–23:00, later than the start', async ({
        page,
      }) => {
        await signIn(page, STUDENT_PARTNER, lang, '/login/student')
        try {
          await page.goto('/dashboard/set-lessons')
          const filters = page.getByRole('region', exactly(lang, 'Filtry', 'Filters'))
          if (width < 500)
            await filters.getByRole('button', exactly(lang, 'Zmień filtry', 'Change filters')).click()
          const from = filters.getByRole('group', exactly(lang, 'Od godziny', 'From'))
          const to = filters.getByRole('group', exactly(lang, 'Do godziny', 'To'))

          // Only the hour typed: that hour at 00 once the field is left.
          await hourField(from).fill('08')
          await expect(minutesField(from)).toBeFocused()
          await minutesField(from).press('Tab')
          await expect(hourField(from)).toHaveValue('08')
          await expect(minutesField(from)).toHaveValue('00')

          // The arrows step the minutes by 15.
          await minutesField(from).press('ArrowUp')
          await expect(minutesField(from)).toHaveValue('15')
          await minutesField(from).press('ArrowDown')
          await expect(minutesField(from)).toHaveValue('00')
          await minutesField(from).press('Tab')

          // The end is later than the start: its list runs from 08:15 to 23:00.
          await hourField(to).click()
          const options = page.getByRole('button', { name: /^\d{2}:\d{2}$/ })
          await expect(options.first()).toHaveText('08:15')
          await expect(options.last()).toHaveText('23:00')
          await shot(page, 'filter-times')
          // An earlier time typed becomes the first allowed one; minutes off the step the nearest.
          await enterTime(to, '07:00')
          await expect(hourField(to)).toHaveValue('08')
          await expect(minutesField(to)).toHaveValue('15')
          await enterTime(to, '10:10')
          await expect(hourField(to)).toHaveValue('10')
          await expect(minutesField(to)).toHaveValue('15')
          // Outside the day: 05:00 becomes 06:00.
          await enterTime(from, '05:00')
          await expect(hourField(from)).toHaveValue('06')
          await expect(minutesField(from)).toHaveValue('00')
        } finally {
          await restorePolish(page, 'students')
        }
      })

      test('the schedule editor’s time pickers: typed, picked, and the end later than the start', async ({
        page,
      }) => {
        await signIn(page, TEACHER, lang, '/login/teacher')
        try {
          const reminder = page.getByRole('dialog')
          if (await reminder.isVisible().catch(() => false)) await page.keyboard.press('Escape')
          const schedule = page.getByRole('region', exactly(lang, 'Mój grafik', 'My schedule'))
          await schedule.getByRole('button', exactly(lang, 'Edytuj grafik', 'Edit schedule')).click()
          const dialog = page.getByRole('dialog', exactly(lang, 'Grafik pracy', 'Work schedule'))
          await dialog.getByRole('tab', exactly(lang, 'Co tydzień', 'Every week')).click()
          const sunday = say(lang, 'niedziela', 'Sunday')
          await dialog.getByRole('button', { name: new RegExp(`: ${sunday}$`, 'i') }).click()
          const interval = dialog.getByRole('group', {
            name: new RegExp(say(lang, `^Przedział 1, ${sunday}$`, `^Interval 1, ${sunday}$`), 'i'),
          })
          const start = interval.getByRole('group', exactly(lang, 'Od', 'From'))
          const end = interval.getByRole('group', exactly(lang, 'Do', 'To'))
          await expect(hourField(start)).toHaveValue('08')
          await expect(hourField(end)).toHaveValue('09')

          // Typed from the keyboard.
          await typeTime(end, '10:30')
          // Picked from the list (later than the start only).
          await hourField(start).click()
          await page.getByRole('button', { name: '09:45', exact: true }).click()
          await expect(hourField(start)).toHaveValue('09')
          await expect(minutesField(start)).toHaveValue('45')
          await page.keyboard.press('Tab')
          await shot(page, 'schedule-times')
          // A start moved past the end clears the end; the end then offers only later times.
          await typeTime(start, '11:00')
          await expect(hourField(end)).toHaveValue('')
          await enterTime(end, '10:00')
          await expect(hourField(end)).toHaveValue('11')
          await expect(minutesField(end)).toHaveValue('15')
          await dialog.getByRole('button', exactly(lang, 'Anuluj', 'Cancel')).click()

          // teacher_students: the profile shows how many students the teacher approved.
          await page.goto('/dashboard/profile')
          const account = page.getByRole('region', exactly(lang, 'Twoje konto', 'Your account'))
          await expect(
            account.getByText(
              new RegExp(say(lang, '^Zatwierdzeni kursanci: \\d+$', '^Approved students: \\d+$')),
            ),
          ).toBeVisible()
          await shot(page, 'teacher-profile')
        } finally {
          await restorePolish(page, 'teachers')
        }
      })
    })
  }
}
