import { expect, type Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { openDatabase } from '../../src/server/db/client.ts'
import { users } from '../../src/server/db/schema.ts'
import { aiMessages, aiReviews, aiWords } from '../../src/server/db/schema-ai-lesson.ts'
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/fake-openai.ts'
import { LoginPage, STUDENT, STUDENT_AI_ONLY } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { test } from './support/story.ts'

// The AI lesson, end to end: an ai_access student chats with the tutor (a fake OpenAI-compatible
// server on 127.0.0.1 standing for the outside model), sees the reply stream in, saves a word from
// it, reviews it offline and the review reaches the server once; a model failure keeps the
// message for a retry; the daily cap answers with its own text; pronunciation records through
// the fake microphone, plays back and is scored from the fake transcription; a student without
// ai_access is sent to the profile with redirect=ai-lesson.

test.use({
  launchOptions: {
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
  },
})

const DAILY = 3
let fake: FakeOpenAi
let server: OwnServer
test.beforeAll(async () => {
  fake = await startFakeOpenAi(E2E_PORT + 11)
  server = new OwnServer(E2E_PORT + 10, 'e2e-ai-lesson', {
    AI_BASE_URL: fake.url,
    AI_MODEL: 'tutor-model',
    AI_TRANSCRIBE_MODEL: 'whisper-test',
    AI_DAILY_MESSAGES: String(DAILY),
    AI_TIMEOUT_SECONDS: '5',
  })
  await server.start()
})
test.afterAll(async () => {
  await server.stop()
  await fake.close()
})

async function signIn(page: Page, email: string) {
  await page.goto(`${server.url}/login/student`)
  await new LoginPage(page).signIn(email)
  await expect(page).toHaveURL(/\/dashboard\//)
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name })

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Twoja wiadomość' }).fill(text)
  await page.getByRole('button', { name: 'Wyślij' }).click()
}

async function withDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ dataDir: server.dataDir, log: { info: () => {}, error: () => {} } })
  try {
    return await read(database.db)
  } finally {
    await database.close()
  }
}

test('a student chats, saves a word, reviews it offline, and the review reaches the server once', async ({
  page,
  context,
}) => {
  await signIn(page, STUDENT_AI_ONLY)
  await expect(page).toHaveURL(/\/dashboard\/ai-lesson/)
  await tab(page, 'Rozmowa').click()
  fake.replies.push({
    pieces: [
      'CORRECTION: grammar | yo es | yo soy | Z „yo” używamy „soy”.\n',
      '¡Hola, Paweł! ',
      '¿Quieres un café?',
    ],
    // Long enough for the checks of the half-streamed reply below on a loaded CI machine (600 ms
    // was not: the reply had ended before the button was looked at).
    pauseMs: 2_000,
  })
  await send(page, 'Hola, yo es Paweł')
  const conversation = page.getByRole('list', { name: 'Rozmowa' })
  // Streaming: the first piece shows while the reply is still coming.
  await expect(conversation.getByText('¡Hola, Paweł!')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Wyślij' })).toHaveAttribute('data-loading')
  await expect(conversation.getByText('¿Quieres un café?')).toHaveCount(0)
  await expect(conversation.getByRole('button', { name: 'Zapisz „café” w słowniczku' })).toBeVisible()
  await expect(conversation.getByText('Gramatyka')).toBeVisible()
  await expect(conversation.getByText('yo soy', { exact: true })).toBeVisible()
  const sent = fake.chats.at(-1)?.body.messages ?? []
  expect(sent[0]?.content).toContain('learning Spanish at CEFR level A2')
  expect(sent[0]?.content).toContain('a short explanation in Polish')
  expect(sent.slice(1)).toEqual([{ role: 'user', content: 'Hola, yo es Paweł' }])

  await conversation.getByRole('button', { name: 'Zapisz „café” w słowniczku' }).click()
  await expect(page.getByText('Zapisano „café” w słowniczku')).toBeVisible()

  await tab(page, 'Słowniczek').click()
  await expect(
    page.getByRole('list', { name: 'Twoje słowa' }).getByText('café', { exact: true }),
  ).toBeVisible()
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Pokaż odpowiedź' }).click()
  await page.getByRole('button', { name: 'Dobrze' }).click()
  await expect(page.getByText('Powtórki czekające na wysłanie: 1')).toBeVisible()
  await expect(page.getByText('Na dziś wszystko powtórzone.')).toBeVisible()
  const pawel = await withDatabase(
    async (db) => (await db.select().from(users).where(eq(users.email, STUDENT_AI_ONLY)))[0],
  )
  const reviewsOf = () =>
    withDatabase((db) =>
      db
        .select()
        .from(aiReviews)
        .where(eq(aiReviews.studentId, pawel?.id ?? '')),
    )
  expect(await reviewsOf()).toEqual([])

  await context.setOffline(false)
  await expect(page.getByText('Powtórki czekające na wysłanie: 1')).toBeHidden({ timeout: 15_000 })
  await expect.poll(async () => (await reviewsOf()).map((r) => r.grade)).toEqual([3])
  // Sent exactly once, whatever triggers run again.
  await page.reload()
  await tab(page, 'Słowniczek').click()
  await expect(page.getByText('Na dziś wszystko powtórzone.')).toBeVisible()
  expect((await reviewsOf()).length).toBe(1)
  const [word] = await withDatabase((db) =>
    db
      .select()
      .from(aiWords)
      .where(eq(aiWords.studentId, pawel?.id ?? '')),
  )
  expect(word?.card.reps).toBe(1)
})

/** Paweł's messages to the tutor so far (all today: the server's data is this run's). */
const studentMessages = () =>
  withDatabase(async (db) => {
    const [pawel] = await db.select().from(users).where(eq(users.email, STUDENT_AI_ONLY))
    const rows = await db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.studentId, pawel?.id ?? ''))
    return rows.filter((row) => row.role === 'student').length
  })

test('a model failure keeps the message for a retry, and the daily cap answers with its own text', async ({
  page,
}) => {
  await signIn(page, STUDENT_AI_ONLY)
  await page.goto(`${server.url}/dashboard/ai-lesson?tab=chat`)
  fake.replies.push({ status: 500 })
  await send(page, 'Me gusta el fútbol')
  await expect(
    page.getByText('Lektor AI nie odpowiedział. Twoja wiadomość jest zapisana: spróbuj ponownie.'),
  ).toBeVisible()
  const conversation = page.getByRole('list', { name: 'Rozmowa' })
  await expect(conversation.getByText('Me gusta el fútbol')).toBeVisible()
  fake.replies.push({ pieces: ['¡A mí también me gusta!'] })
  await page.getByRole('button', { name: 'Spróbuj ponownie' }).click()
  await expect(conversation.getByText('también')).toBeVisible()
  expect(fake.chats.at(-1)?.body.messages.at(-1)).toEqual({ role: 'user', content: 'Me gusta el fútbol' })

  // Up to the cap the tutor answers (the failed message counted, its retry not); then it refuses.
  const today = await studentMessages()
  for (let i = today; i < DAILY; i++) {
    await send(page, `Mensaje ${i}`)
    await expect(conversation.getByText(`Mensaje ${i}`)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Wyślij' })).not.toHaveAttribute('data-loading')
  }
  await send(page, 'Una más')
  await expect(page.getByText('Dzisiejsze wiadomości do AI zostały wykorzystane. Wróć jutro.')).toBeVisible()
  expect(fake.chats.some((chat) => chat.body.messages.at(-1)?.content === 'Una más')).toBe(false)
})

test('pronunciation records through the microphone, plays back and scores word by word', async ({ page }) => {
  await signIn(page, STUDENT_AI_ONLY)
  await page.goto(`${server.url}/dashboard/ai-lesson?tab=pronunciation`)
  fake.transcript = 'Zazolc gęślą jaźń.'
  await page.getByRole('textbox', { name: 'Zdanie do przeczytania' }).fill('Zażółć gęślą jaźń')
  await page.getByRole('button', { name: 'Nagraj', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText(/Nagrywanie/)
  await page.waitForTimeout(1500)
  await page.getByRole('button', { name: 'Zatrzymaj nagrywanie' }).click()
  const recording = page.getByLabel('Twoje nagranie', { exact: true }).and(page.locator('audio'))
  await expect(recording).toHaveAttribute('src', /^blob:/)
  // Playback: the browser plays the device's own copy.
  const played = await recording.evaluate(async (element) => {
    if (!(element instanceof HTMLAudioElement)) return false
    element.muted = true
    await element.play()
    return !element.paused
  })
  expect(played).toBe(true)
  await page.getByRole('button', { name: 'Oceń wymowę' }).click()
  await expect(page.getByRole('heading', { name: 'Wynik: 67%' })).toBeVisible()
  await expect(page.getByLabel('zażółć: błąd')).toBeVisible()
  await expect(page.getByLabel('gęślą: dobrze')).toBeVisible()
  expect(fake.transcriptions.at(-1)).toMatchObject({ model: 'whisper-test' })
  expect(fake.transcriptions.at(-1)?.bytes).toBeGreaterThan(0)
})

test('a student without ai_access is sent to the profile with redirect=ai-lesson', async ({ page }) => {
  await signIn(page, STUDENT)
  await page.goto(`${server.url}/dashboard/ai-lesson`)
  await expect(page).toHaveURL(/\/dashboard\/profile\?redirect=ai-lesson$/)
})
