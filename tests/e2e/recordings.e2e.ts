import { type APIRequestContext, type Browser, chromium, expect, type Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { type Archive, archiveListResponse } from '../../src/domain/api/recordings.ts'
import { openDatabase } from '../../src/server/db/client.ts'
import { users } from '../../src/server/db/schema.ts'
import { lessonArchives } from '../../src/server/db/schema-recordings.ts'
import { giveVoiceSample, LessonRoomPage } from './support/lesson-room-page.ts'
import { STUDENT_NOW, signInWithMedia, storedToken, TEACHER } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { test } from './support/story.ts'

// A lesson recording, end to end: the teacher records the call of the lesson that starts now (the
// demo teacher Anna and the demo student Piotr, two contexts of Debian's Chromium with fake camera
// and microphone); the server keeps one seekable WebM that Chromium plays with the right duration,
// and the student opens it from my-lessons. A recording whose tab is closed is finished with what
// arrived; a student who did not agree to voice recording cannot be recorded.

const server = new OwnServer(E2E_PORT + 12, 'e2e-recordings')

let browser: Browser
let teacherPage: Page
let studentPage: Page
let teacher: LessonRoomPage
let student: LessonRoomPage

const signIn = (email: string): Promise<Page> => signInWithMedia(browser, server.url, email)

const silent = { info: () => undefined, error: () => undefined }

async function setAgreement(agreed: boolean) {
  const database = await openDatabase({ dataDir: server.dataDir, log: silent })
  try {
    await database.db.update(users).set({ voiceRecordingAgreed: agreed }).where(eq(users.email, STUDENT_NOW))
  } finally {
    await database.close()
  }
}

/** The recording's audio-only track as the server kept it (no API shows it: the recap reads it). */
async function audioTrackOf(archiveId: string) {
  const database = await openDatabase({ dataDir: server.dataDir, log: silent })
  try {
    const [row] = await database.db
      .select({ key: lessonArchives.audioFileKey, size: lessonArchives.audioSize })
      .from(lessonArchives)
      .where(eq(lessonArchives.id, archiveId))
    return { key: row?.key ?? null, size: row?.size ?? 0 }
  } finally {
    await database.close()
  }
}

/** The lesson's recordings as the API gives them to `page`'s user. */
async function recordings(request: APIRequestContext, page: Page, lessonId: string): Promise<Archive[]> {
  const answer = await request.get(`${server.url}/api/v1/lessons/archives/list?lesson_id=${lessonId}`, {
    headers: { authorization: `Bearer ${await storedToken(page)}` },
  })
  expect(answer.status()).toBe(200)
  return v.parse(archiveListResponse, await answer.json()).data
}

const lessonIdOf = (page: Page) => new URL(page.url()).searchParams.get('lesson_id') ?? ''
const recordControl = (page: Page) => page.getByTestId('record-control')
const recordingStatus = (page: Page) => page.getByTestId('recording-status')

/** Both parties back in the lesson's room, connected. */
async function meetAgain(lessonId: string) {
  await teacher.open(lessonId)
  await teacher.join()
  await student.open(lessonId)
  await student.join()
  await Promise.all([teacher.expectConnected(), student.expectConnected()])
}

/** The teacher starts recording; the student sees it within 2 s. */
async function startRecording() {
  await recordControl(teacherPage).click()
  await expect(recordingStatus(studentPage)).toBeVisible({ timeout: 2000 })
}

test.describe.configure({ mode: 'serial' })
test.setTimeout(240_000)

test.beforeAll(async () => {
  await server.start()
  browser = await chromium.launch({
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
  })
})

test.afterAll(async () => {
  await browser?.close()
  await server.stop()
})

test('a student who did not agree to voice recording cannot be recorded', async ({ request }) => {
  studentPage = await signIn(STUDENT_NOW)
  await giveVoiceSample(request, server.url, await storedToken(studentPage))
  teacherPage = await signIn(TEACHER)
  teacher = new LessonRoomPage(teacherPage)
  student = new LessonRoomPage(studentPage)
  await teacher.openFromMyLessons()
  await teacher.join()
  await student.openFromMyLessons()
  await student.join()
  await Promise.all([teacher.expectConnected(), student.expectConnected()])
  // The student has no record control.
  await expect(recordControl(studentPage)).toHaveCount(0)

  await setAgreement(false)
  await recordControl(teacherPage).click()
  await expect(teacherPage.getByRole('alert')).toContainText(
    'Kursant nie zgodził się na nagrywanie głosu, więc tej lekcji nie można nagrać',
  )
  await expect(recordingStatus(studentPage)).toHaveCount(0)
  expect(await recordings(request, teacherPage, lessonIdOf(teacherPage))).toEqual([])
  await setAgreement(true)
})

test('the teacher records about 20 s; both see it; the file plays with its duration and seeks', async ({
  request,
}) => {
  const lessonId = lessonIdOf(teacherPage)
  await teacherPage.getByRole('alert').getByRole('button', { name: 'Zamknij' }).click()
  const clickedAt = performance.now()
  await recordControl(teacherPage).click()
  // Both parties see it, and the student hears of it, within 2 s.
  await expect(recordingStatus(teacherPage)).toBeVisible({ timeout: 2000 })
  await expect(recordingStatus(studentPage)).toBeVisible({ timeout: 2000 })
  await expect(studentPage.getByRole('status').filter({ hasText: 'nagrywa lekcję' })).toBeAttached()
  await teacherPage.waitForTimeout(Math.max(0, 20_000 - (performance.now() - clickedAt)))
  await recordControl(teacherPage).click()
  // How long the teacher recorded, from click to click, as this test saw it (a loaded machine
  // clicks later than asked).
  const heldMs = performance.now() - clickedAt
  await expect(recordingStatus(teacherPage)).toHaveCount(0, { timeout: 10_000 })
  await expect(recordingStatus(studentPage)).toHaveCount(0, { timeout: 10_000 })

  await expect
    .poll(async () => (await recordings(request, studentPage, lessonId))[0]?.status, { timeout: 30_000 })
    .toBe('ready')
  const [recording] = await recordings(request, studentPage, lessonId)
  console.log(
    `recording: ${recording?.duration_ms} ms, ${recording?.size} bytes (${Math.round(((recording?.size ?? 0) / (recording?.duration_ms ?? 1)) * 60)} kB/min)`,
  )
  expect(recording?.duration_ms).toBeGreaterThan(18_000)
  // Never longer than what was recorded, give or take the encoder's last second.
  expect(recording?.duration_ms).toBeLessThan(heldMs + 1_000)
  // Beside the video, the voices alone as Opus for the lesson recap: far smaller than the video.
  const audio = await audioTrackOf(recording?.id ?? '')
  console.log(
    `audio track: ${audio.size} bytes (${Math.round((audio.size / (recording?.duration_ms ?? 1)) * 60)} kB/min)`,
  )
  expect(audio.key).not.toBeNull()
  expect(audio.size).toBeGreaterThan(10_000)
  expect(audio.size).toBeLessThan((recording?.size ?? 0) / 4)

  // The student opens it from my-lessons and seeks to the middle.
  await studentPage.goto('/dashboard/my-lessons')
  await studentPage
    .getByRole('button', { name: /^Działania dla lekcji: / })
    .first()
    .click()
  await studentPage.getByRole('menuitem', { name: 'Nagrania lekcji' }).click()
  const player = studentPage.getByTestId('recording-player')
  await expect(player).toBeVisible()
  const duration = await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        if (video.readyState >= 1) resolve(video.duration)
        video.addEventListener('loadedmetadata', () => resolve(video.duration), { once: true })
        video.addEventListener('error', () => reject(new Error(`cannot play: ${video.error?.message}`)), {
          once: true,
        })
      }),
  )
  // The file's own duration is the recording's (a loaded machine records longer than 20 s).
  expect(duration).toBeGreaterThan(18)
  expect(Math.abs(duration * 1000 - (recording?.duration_ms ?? 0))).toBeLessThan(500)
  const landed = await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<{ time: number; ready: number }>((resolve) => {
        video.addEventListener(
          'seeked',
          () => resolve({ time: video.currentTime, ready: video.readyState }),
          {
            once: true,
          },
        )
        video.currentTime = video.duration / 2
      }),
  )
  expect(Math.abs(landed.time - duration / 2)).toBeLessThan(2)
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState))
    .toBeGreaterThanOrEqual(2)
})

test('a screen capture and a voice recording appear for both parties', async () => {
  const lessonId = lessonIdOf(teacherPage)
  await meetAgain(lessonId)
  await teacher.expectMediaFlowing()

  // The teacher captures the student's picture into the lesson's materials.
  await teacherPage.getByTestId('capture-control').click()
  await expect(teacherPage.getByText('Zrzut ekranu zapisany w materiałach lekcji')).toBeVisible()

  // The student records a few seconds and sends them.
  await studentPage.getByTestId('voice-clip-control').click()
  await studentPage.getByTestId('voice-clip-record').click()
  await studentPage.waitForTimeout(3000)
  await studentPage.getByRole('button', { name: 'Zakończ nagrywanie' }).click()
  await studentPage.getByTestId('voice-clip-send').click()
  await expect(studentPage.getByText('Nagranie wysłane. Lektor może je posłuchać.')).toBeVisible()
  await expect(studentPage.getByTestId('voice-clips').getByRole('listitem')).toHaveCount(1)
  await studentPage.getByRole('button', { name: 'Zamknij', exact: true }).click()

  // The teacher is told at once, and the control counts the clip.
  await expect(teacherPage.getByText('Nowe nagranie głosu: Piotr Wiśniewski')).toBeVisible()
  const clips = teacherPage.getByRole('button', { name: 'Nagrania głosu kursanta (nagrania: 1)' })
  await expect(clips).toBeVisible()
  await clips.click()
  // Its row says when and how long, before anything of it has loaded; its button plays it.
  const row = teacherPage.getByTestId('voice-clips').getByRole('listitem')
  await expect(row).toHaveCount(1)
  await expect(row).toHaveAccessibleName(/^Nagranie 1, \d\d:\d\d, 0:0[2-6]$/)
  await row.getByRole('button', { name: 'Odtwórz nagranie 1' }).click()
  await expect(row.getByRole('button', { name: 'Zatrzymaj nagranie 1' })).toBeVisible()
  await teacherPage.getByRole('button', { name: 'Zamknij', exact: true }).click()
  for (const page of [teacherPage, studentPage]) {
    await new LessonRoomPage(page).control('Materiały do lekcji').click()
    await expect(page.getByRole('dialog').getByText(/^Zrzut ekranu .*\.jpg$/)).toBeVisible()
    await page.keyboard.press('Escape')
  }
})

test('a recording goes on through 5 s offline and a server restart, and loses nothing', async ({
  request,
}) => {
  const lessonId = lessonIdOf(teacherPage)
  await meetAgain(lessonId)
  await startRecording()
  const started = performance.now()
  await teacherPage.waitForTimeout(6000)
  // The teacher's connection goes for 5 s; later the server restarts.
  await teacherPage.context().setOffline(true)
  await teacherPage.waitForTimeout(5000)
  await teacherPage.context().setOffline(false)
  await teacherPage.waitForTimeout(4000)
  await server.stop()
  await server.start()
  await Promise.all([teacher.expectConnected(30_000), student.expectConnected(30_000)])
  await expect(recordingStatus(studentPage)).toBeVisible()
  await teacherPage.waitForTimeout(4000)
  const recorded = performance.now() - started
  await recordControl(teacherPage).click()
  await expect(recordingStatus(teacherPage)).toHaveCount(0, { timeout: 60_000 })
  await expect
    .poll(async () => (await recordings(request, studentPage, lessonId))[0]?.status, { timeout: 30_000 })
    .toBe('ready')
  const [recording] = await recordings(request, studentPage, lessonId)
  console.log(`through offline and a restart: ${recording?.duration_ms} ms of ${recorded} ms recorded`)
  // Every chunk made while away was sent once the way was back.
  expect(recording?.duration_ms).toBeGreaterThan(recorded - 4000)
})

test("a recording whose teacher's tab is closed after four chunks arrived is finished with what arrived", async ({
  request,
}) => {
  const lessonId = lessonIdOf(teacherPage)
  await meetAgain(lessonId)
  const startedAt = performance.now()
  await startRecording()
  // Four chunks (CHUNK_MS each) at the server, whatever the machine's load: a fixed wait once kept
  // 9.9 s of 17 on a loaded machine, whose recorder started and sent late.
  await expect
    .poll(async () => (await recordings(request, studentPage, lessonId))[0]?.next_seq ?? 0, {
      timeout: 60_000,
    })
    .toBeGreaterThanOrEqual(4)
  // The tab goes away without a word (no stop, no goodbye).
  await teacherPage.close({ runBeforeUnload: false })
  const closedAt = performance.now()

  // The server notices the silence (45 s), finishes it, and tells the student's room: within a minute.
  await expect(recordingStatus(studentPage)).toHaveCount(0, { timeout: 60_000 })
  await expect
    .poll(async () => (await recordings(request, studentPage, lessonId))[0]?.status, {
      timeout: Math.max(1000, 60_000 - (performance.now() - closedAt)),
    })
    .toBe('ready')
  console.log(
    `the closed tab's recording was ready ${Math.round((performance.now() - closedAt) / 1000)} s after`,
  )
  // What arrived: at least the first chunk's media, never more than the tab was recording (on a
  // loaded machine the fake camera's frames come sparse, so four chunks may hold under 16 s).
  const [recording] = await recordings(request, studentPage, lessonId)
  expect(recording?.duration_ms).toBeGreaterThanOrEqual(4_000)
  expect(recording?.duration_ms).toBeLessThan(closedAt - startedAt + 1_000)
})
