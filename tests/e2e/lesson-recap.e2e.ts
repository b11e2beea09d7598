import { mkdirSync } from 'node:fs'
import { type Browser, chromium, expect, type Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { openDatabase } from '../../src/server/db/client.ts'
import { users } from '../../src/server/db/schema.ts'
import { lessons } from '../../src/server/db/schema-lessons.ts'
import { lessonArchives } from '../../src/server/db/schema-recordings.ts'
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/fake-openai.ts'
import { giveVoiceSample, LessonRoomPage } from './support/lesson-room-page.ts'
import { STUDENT_NOW, signInWithMedia, storedToken, TEACHER } from './support/login-page.ts'
import { opsOn } from './support/ops.ts'
import { OwnServer } from './support/own-server.ts'
import { storyNow, test } from './support/story.ts'

// The lesson recap, end to end, on a server whose model is a stand-in OpenAI-compatible service on
// 127.0.0.1 (the school's own model): the teacher Anna records a few seconds of the lesson of the
// moment with the demo student Piotr (fake camera and microphone), the recap's job transcribes its
// audio track and asks for the recap; Anna removes one word of the draft and publishes it (Polish,
// 1280 px). Piotr (English, 375 px) reads it, adds its words to his wordbook in one tap, reviews
// one card offline, and practises the lesson with the tutor, whose request carries its words.
// Screenshots of each screen, 1280 and 375 px, Polish and English, go to SCREENSHOTS (a folder).

const SHOTS = process.env.SCREENSHOTS ?? ''
const RECAP = {
  topics: ['Ordering food in a café'],
  words: [
    { term: 'sandwich', sentence: 'I would like a sandwich.', translation: 'kanapka' },
    { term: 'I would like', sentence: 'I would like a sandwich.', translation: 'chciał(a)bym' },
    { term: 'bill', sentence: 'Can I have the bill?', translation: 'rachunek' },
  ],
  mistakes: [{ wrong: 'I want a sandwich', right: 'I would like a sandwich', explanation: 'Grzeczniej.' }],
  exercises: [
    { prompt: 'Order a coffee politely.', answer: 'I would like a coffee, please.' },
    { prompt: 'Translate: kanapka', answer: 'sandwich' },
    { prompt: 'Correct: I want tea.', answer: 'I would like some tea.' },
  ],
}

let fake: FakeOpenAi
const server = new OwnServer(E2E_PORT + 13, 'e2e-lesson-recap')
let browser: Browser

const silent = { info: () => undefined, error: () => undefined }
type Db = Awaited<ReturnType<typeof openDatabase>>['db']
async function readDatabase<T>(read: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: server.dataDir, log: silent })
  try {
    return await read(database.db)
  } finally {
    await database.close()
  }
}
const inDatabase = (write: (db: Db) => Promise<unknown>) => readDatabase(write)

/**
 * `page` at 1280 and 375 px, in its present language, kept as recap-`name`-<lang>-<width>.png: the
 * whole page; a dialog, which scrolls on its own, on a screen tall enough to hold it whole.
 */
async function screenshots(page: Page, name: string, lang: 'pl' | 'en') {
  if (!SHOTS) return
  const size = page.viewportSize() ?? { width: 1280, height: 900 }
  const dialog = (await page.getByRole('dialog').count()) > 0
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: dialog ? 2200 : width === 375 ? 812 : 900 })
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${SHOTS}/recap-${name}-${lang}-${width}.png`, fullPage: !dialog })
  }
  await page.setViewportSize(size)
}

/** The language switcher is in the wide screen's top bar (a phone's is in its menu). */
async function switchLanguage(page: Page, code: 'PL' | 'EN') {
  const size = page.viewportSize() ?? { width: 1280, height: 900 }
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByText(code, { exact: true }).first().click()
  await page.setViewportSize(size)
}

/** The lesson's recordings and recap, opened from my-lessons. */
async function openRecordings(page: Page, menu: RegExp, item: string) {
  await page.goto('/dashboard/my-lessons')
  await page.getByRole('button', { name: menu }).first().click()
  await page.getByRole('menuitem', { name: item }).click()
  return page.getByTestId('lesson-recap')
}

/** The recap again, in `lang` (the dialog closed while the language is switched). */
async function recapIn(page: Page, lang: 'pl' | 'en') {
  await page.keyboard.press('Escape')
  await switchLanguage(page, lang === 'pl' ? 'PL' : 'EN')
  return lang === 'pl'
    ? openRecordings(page, /^Działania dla lekcji: /, 'Nagrania lekcji')
    : openRecordings(page, /^Actions for the lesson: /, 'Lesson recordings')
}

test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

test.beforeAll(async () => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true })
  fake = await startFakeOpenAi(E2E_PORT + 14)
  fake.transcript = 'Today we order food. I would like a sandwich. Can I have the bill?'
  fake.segments = [
    { start: 0, end: 2, text: 'Today we order food.' },
    { start: 2, end: 4, text: 'I would like a sandwich.' },
    { start: 4, end: 6, text: 'Can I have the bill?' },
  ]
  server.env = {
    AI_BASE_URL: fake.url,
    AI_MODEL: 'tutor-model',
    AI_TRANSCRIBE_MODEL: 'whisper-test',
    AI_TIMEOUT_SECONDS: '10',
  }
  await server.start()
  // The school switches recaps on; Piotr agreed to voice recording and has the AI lesson.
  opsOn(server, 'settings', '--recap-day-max', '5', '--recap-publish-after', '48')
  await inDatabase((db) =>
    db.update(users).set({ voiceRecordingAgreed: true, aiAccess: true }).where(eq(users.email, STUDENT_NOW)),
  )
  browser = await chromium.launch({
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
  })
})

test.afterAll(async () => {
  await browser?.close()
  await server.stop()
  await fake?.close()
})

let teacherPage: Page
let studentPage: Page
let lessonId = ''

test('the teacher records the lesson, checks the draft recap, removes a word and publishes it', async ({
  request,
}) => {
  studentPage = await signInWithMedia(browser, server.url, STUDENT_NOW)
  await giveVoiceSample(request, server.url, await storedToken(studentPage))
  teacherPage = await signInWithMedia(browser, server.url, TEACHER)
  const teacher = new LessonRoomPage(teacherPage)
  const student = new LessonRoomPage(studentPage)
  await teacher.openFromMyLessons()
  await teacher.join()
  await student.openFromMyLessons()
  await student.join()
  await Promise.all([teacher.expectConnected(), student.expectConnected()])
  lessonId = new URL(teacherPage.url()).searchParams.get('lesson_id') ?? ''

  // A short lesson: about 6 s recorded (the recorder sends a chunk every 4 s).
  fake.defaultReply = { pieces: [JSON.stringify(RECAP)] }
  await teacherPage.getByTestId('record-control').click()
  await expect(teacherPage.getByTestId('recording-status')).toBeVisible({ timeout: 5000 })
  await teacherPage.waitForTimeout(6000)
  await teacherPage.getByTestId('record-control').click()
  await expect(teacherPage.getByTestId('recording-status')).toHaveCount(0, { timeout: 10_000 })

  // The recap's job: one transcription of the audio track alone, one request for the recap.
  await expect.poll(() => fake.transcriptions.length, { timeout: 60_000 }).toBe(1)
  expect(fake.transcriptions[0]).toMatchObject({
    model: 'whisper-test',
    filename: 'lesson-audio.webm',
    type: 'audio/webm',
    language: 'en',
  })
  // The file sent is the audio track the server kept beside the video, not the video.
  const [archive] = await readDatabase((db) =>
    db
      .select({ size: lessonArchives.fileSize, audioSize: lessonArchives.audioSize })
      .from(lessonArchives)
      .where(eq(lessonArchives.lessonId, lessonId)),
  )
  expect(fake.transcriptions[0]?.bytes).toBe(archive?.audioSize)
  expect(archive?.audioSize ?? 0).toBeLessThan(archive?.size ?? 0)
  await expect.poll(() => fake.chats.length, { timeout: 30_000 }).toBe(1)
  expect(fake.chats[0]?.body.messages.map((m) => m.content).join('\n')).toContain('I would like a sandwich.')

  const recap = await openRecordings(teacherPage, /^Działania dla lekcji: /, 'Nagrania lekcji')
  await expect(recap.getByText('Szkic do sprawdzenia: kursant go nie widzi.', { exact: false })).toBeVisible({
    timeout: 30_000,
  })
  await expect(recap.getByText('bill', { exact: true })).toBeVisible()
  // Unpublished, the student sees it waits for the teacher.
  const waiting = await openRecordings(studentPage, /^Działania dla lekcji: /, 'Nagrania lekcji')
  await expect(waiting.getByText('Podsumowanie czeka na sprawdzenie przez lektora.')).toBeVisible()
  await expect(waiting.getByText('sandwich')).toHaveCount(0)
  await studentPage.keyboard.press('Escape')

  await screenshots(teacherPage, 'teacher-draft', 'pl')
  const english = await recapIn(teacherPage, 'en')
  await expect(english.getByRole('button', { name: 'Publish the recap' })).toBeVisible()
  await screenshots(teacherPage, 'teacher-draft', 'en')
  await recapIn(teacherPage, 'pl')
  await recap.getByRole('button', { name: 'Usuń: bill' }).click()
  await expect(recap.getByText('bill', { exact: true })).toHaveCount(0)
  await recap.getByRole('button', { name: 'Opublikuj podsumowanie' }).click()
  await expect(recap.getByRole('button', { name: 'Opublikuj podsumowanie' })).toHaveCount(0)
  await expect(recap.getByText('sandwich', { exact: true }).first()).toBeVisible()
  await screenshots(teacherPage, 'teacher-published', 'pl')
  await expect((await recapIn(teacherPage, 'en')).getByText('Lesson recap', { exact: true })).toBeVisible()
  await screenshots(teacherPage, 'teacher-published', 'en')
  await teacherPage.context().close()
})

test('the student reads the recap, adds its words in one tap, reviews one offline and practises the lesson', async () => {
  const page = studentPage
  await page.setViewportSize({ width: 375, height: 812 })
  const published = await openRecordings(page, /^Działania dla lekcji: /, 'Nagrania lekcji')
  await expect(published.getByText('Ordering food in a café')).toBeVisible()
  await screenshots(page, 'student-recap', 'pl')
  const recap = await recapIn(page, 'en')
  await expect(recap.getByText('Lesson recap', { exact: true })).toBeVisible()
  await expect(recap.getByText('Ordering food in a café')).toBeVisible()
  await expect(recap.getByText('sandwich', { exact: true }).first()).toBeVisible()
  await expect(recap.getByText('bill', { exact: true })).toHaveCount(0)
  await screenshots(page, 'student-recap', 'en')
  await recap.getByRole('button', { name: 'Add the words to the wordbook' }).click()
  await expect(recap.getByText('New words added to the wordbook: 2.')).toBeVisible()
  await page.keyboard.press('Escape')

  await page.goto('/dashboard/ai-lesson')
  await page.getByRole('tab', { name: 'Wordbook' }).click()
  const words = page.getByRole('list', { name: 'Your words' })
  await expect(words.getByText('sandwich', { exact: true })).toBeVisible()
  await expect(words.getByText('I would like', { exact: true })).toBeVisible()
  await expect(words.getByText('bill', { exact: true })).toHaveCount(0)
  await screenshots(page, 'student-wordbook', 'en')
  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Show the answer' }).click()
  await page.getByRole('button', { name: 'Good' }).click()
  await expect(page.getByText('Reviews waiting to be sent: 1')).toBeVisible()
  await page.context().setOffline(false)
  await expect(page.getByText('Reviews waiting to be sent: 1')).toBeHidden({ timeout: 15_000 })

  // An hour later the lesson is over; the tutor draws on the lessons that have begun.
  await inDatabase((db) =>
    db
      .update(lessons)
      .set({
        startsAt: new Date(storyNow().getTime() - 3 * 3_600_000),
        endsAt: new Date(storyNow().getTime() - 2 * 3_600_000),
      })
      .where(eq(lessons.id, lessonId)),
  )
  fake.defaultReply = { pieces: ['Hello! ', 'What would you like to order?'] }
  await page.reload()
  await page.getByRole('tab', { name: 'Chat' }).click()
  await page.getByRole('button', { name: /^Practise the lesson of / }).click()
  await expect(page.getByRole('textbox', { name: 'Conversation topic' })).toHaveValue(/sandwich/)
  await screenshots(page, 'student-practise', 'en')
  await page.getByRole('textbox', { name: 'Your message' }).fill('Hello!')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('What would you like to order?')).toBeVisible()
  const system = fake.chats.at(-1)?.body.messages[0]?.content ?? ''
  expect(system).toContain('Ordering food in a café')
  expect(system).toContain('sandwich')
  expect(system).toContain('I would like')
  expect(system).not.toContain('bill')

  // The same screens in Polish.
  await switchLanguage(page, 'PL')
  await expect(page.getByRole('tab', { name: 'Rozmowa' })).toBeVisible()
  await screenshots(page, 'student-practise', 'pl')
})
