import { type APIRequestContext, expect } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { toPolandParts } from '../../src/domain/poland-time.ts'
import { DEMO_PASSWORD, LoginPage, STUDENT, STUDENT_BOTH, TEACHER } from './support/login-page.ts'
import { messagesTo } from './support/mail.ts'
import { OwnServer } from './support/own-server.ts'
import { SetLessonsPage } from './support/set-lessons-page.ts'
import { storyNow, test } from './support/story.ts'

// The waitlist, end to end: a student waits on a full week; a cancellation by another student tells
// them (the e-mail, read from the server's mail directory) and they book the freed slot. A server
// of its own: the journey narrows Anna Nowak's schedule to one slot.

const server = new OwnServer(E2E_PORT + 95, 'e2e-waitlist')
test.beforeAll(() => server.start())
test.afterAll(() => server.stop())

async function signIn(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post(`${server.url}/api/v1/users/sign_in`, {
    data: { email, password: DEMO_PASSWORD, remember: false },
  })
  expect(answer.ok()).toBe(true)
  return ((await answer.json()) as { data: { token: string } }).data.token
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const dateKey = (p: { year: number; month: number; day: number }) =>
  `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`

test('a student waits on a full week, hears of a cancellation and books the freed slot', async ({
  page,
  request,
}) => {
  // Anna's only slot: three days ahead at 10:00 (beyond the 12-hour grace period,
  // product-rules.md "Grace period").
  const day = toPolandParts(storyNow().getTime() + 3 * 86_400_000)
  const date = dateKey(day)
  const teacherToken = await signIn(request, TEACHER)
  const me = await request.get(`${server.url}/api/v1/teachers/me`, { headers: bearer(teacherToken) })
  const teacherId = ((await me.json()) as { data: { id: string } }).data.id
  const schedule = await request.post(`${server.url}/api/v1/teachers/timetables/update`, {
    headers: bearer(teacherToken),
    data: { cyclical: false, dates: { [date]: [{ start: '10:00', end: '10:45' }] } },
  })
  expect(schedule.ok()).toBe(true)

  // Julia books it.
  const julia = await signIn(request, STUDENT_BOTH)
  const shown = await request.get(
    `${server.url}/api/v1/teachers/timetables/show?${new URLSearchParams({ teacher_id: teacherId, date_from: date, date_to: date })}`,
    { headers: bearer(julia) },
  )
  const timetable = (await shown.json()) as {
    data: { timetable: { slots: { id: string; time: string }[] }[] }
  }
  const slotId = timetable.data.timetable[0]?.slots.find((slot) => slot.time === '10:00')?.id
  const languages = (await (await request.get(`${server.url}/api/v1/languages/list`)).json()) as {
    data: { id: number; name: string }[]
  }
  const levels = (await (await request.get(`${server.url}/api/v1/levels/list`)).json()) as {
    data: { id: number; name: string }[]
  }
  const booked = await request.post(`${server.url}/api/v1/lessons/create`, {
    headers: bearer(julia),
    data: {
      teacher_id: teacherId,
      language_id: languages.data.find((l) => l.name === 'English')?.id,
      level_id: levels.data.find((l) => l.name === 'B1')?.id,
      time_slot_ids: [slotId],
    },
  })
  expect(booked.status()).toBe(201)
  const lessonId = ((await booked.json()) as { data: { lessons: { id: string }[] } }).data.lessons[0]?.id

  // Marta finds the week full and asks to be told.
  const context = page.context()
  await context.clearCookies()
  const login = new LoginPage(page)
  await page.goto(`${server.url}/login/student`)
  await login.signIn(STUDENT)
  await expect(page).toHaveURL(/\/dashboard\//)
  const monday = dateKey(
    toPolandParts(new Date(Date.UTC(day.year, day.month - 1, day.day - (day.weekday - 1), 12))),
  )
  const screen = new SetLessonsPage(page)
  await page.goto(`${server.url}/dashboard/set-lessons?teacher=${teacherId}&week=${monday}`)
  await expect(page.getByText('Brak wolnych terminów w tym tygodniu.')).toBeVisible()
  await page.getByRole('button', { name: 'Powiadom mnie o wolnym terminie' }).click()
  const dialog = page.getByRole('dialog', { name: 'Powiadom mnie o wolnym terminie' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Powiadom mnie', exact: true }).click()
  await expect(page.getByText('Powiadomimy Cię, gdy zwolni się pasujący termin.')).toBeVisible()
  await expect(
    page.getByText(/Czekasz na wolny termin u tego lektora \(każdy dzień · o każdej porze\)/),
  ).toBeVisible()

  // Julia cancels; Marta is told by e-mail with a link to the teacher's week.
  const cancelled = await request.post(`${server.url}/api/v1/lessons/cancel`, {
    headers: bearer(julia),
    data: { lesson_id: lessonId, cancellation_reason: 'Zmiana planów' },
  })
  expect(cancelled.ok()).toBe(true)
  let link = ''
  await expect
    .poll(
      () => {
        const mail = messagesTo(STUDENT, server.dataDir).find((m) => m.text.includes('zwolnił się termin'))
        link =
          /http:\/\/127\.0\.0\.1:\d+\/dashboard\/set-lessons\?teacher=[\w-]+&week=[\d-]+/.exec(
            mail?.text ?? '',
          )?.[0] ?? ''
        return link
      },
      { timeout: 30_000 },
    )
    .not.toBe('')
  expect(link).toContain(`teacher=${teacherId}`)

  // The link opens the week with the freed slot; Marta books it.
  await page.goto(link)
  const free = screen.freeSlots()
  await expect(free).toHaveCount(1)
  await free.first().click()
  await page.getByRole('button', { name: 'Umów wybrane terminy' }).click()
  const confirm = page.getByRole('dialog', { name: 'Potwierdź lekcje' })
  await confirm.getByRole('combobox', { name: 'Poziom' }).click()
  await page.getByRole('option', { name: 'B1', exact: true }).click()
  await confirm.getByRole('button', { name: 'Umów lekcje' }).click()
  await expect(page.getByText('Lekcja została umówiona')).toBeVisible()
  await expect(screen.slotsNamed(/: masz już lekcję w tym czasie$/)).toHaveCount(1)
})
