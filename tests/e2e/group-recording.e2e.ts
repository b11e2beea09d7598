import { mkdirSync } from 'node:fs'
import { type Browser, expect, type Locator, type Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { E2E_PORT } from '../../playwright.config.ts'
import { type Archive, archiveListResponse } from '../../src/domain/api/recordings.ts'
import { openDatabase } from '../../src/server/db/client.ts'
import { users } from '../../src/server/db/schema.ts'
import { enrolInMeeting, GroupRoomPage, launchForGroupRoom } from './support/group-room-page.ts'
import { giveVoiceSample } from './support/lesson-room-page.ts'
import { signInWithMedia, storedToken } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { storyNow, test } from './support/story.ts'

// A group meeting recorded (docs/decisions.md "Recording a group meeting"): the demo's German class
// meets now in the mesh (no group server: a class of two); Krzysztof agreed to voice recording,
// Kamil did not. The teacher records about 6 s: all three see that it records, the teacher reads
// that Kamil is left out and Kamil that he is not recorded. The teacher and Krzysztof then play and
// seek it from the group tab of my-lessons; Kamil finds no recording there.

const server = new OwnServer(E2E_PORT + 24, 'e2e-group-recording')
const TEACHER = 'tomasz.wojcik@demo.lektorium.pl'
const KRZYSZTOF = 'krzysztof.mazur@demo.lektorium.pl'
const KAMIL = 'kamil.nowicki@demo.lektorium.pl'
const CLASS = 'Niemiecki w pracy B1'
const silent = { info: () => undefined, error: () => undefined }
const SHOTS = process.env.SHOTS_DIR

let browser: Browser
let places: Map<string, string>

test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

test.beforeAll(async () => {
  await server.start()
  places = await enrolInMeeting(server, TEACHER, [], storyNow())
  const database = await openDatabase({ dataDir: server.dataDir, log: silent })
  try {
    await database.db.update(users).set({ voiceRecordingAgreed: false }).where(eq(users.email, KAMIL))
  } finally {
    await database.close()
  }
  browser = await launchForGroupRoom()
})

test.afterAll(async () => {
  await browser?.close()
  await server.stop()
})

const placeOf = (email: string) => places.get(email) ?? ''
const status = (room: GroupRoomPage) => room.page.getByTestId('recording-status')

/** The meeting that is now, in the group tab of my-lessons (newest first: next week's, now's, the past one). */
async function meetingNow(page: Page): Promise<Locator> {
  await page.goto('/dashboard/my-lessons')
  await page.getByRole('tab', { name: 'Grupowe' }).click()
  const meetings = page.getByRole('table', { name: 'Lekcje grupowe' }).getByTestId('lesson')
  await expect(meetings).toHaveCount(3)
  return meetings.nth(1)
}

/** From my-lessons' group tab, the meeting's recording plays with its duration and seeks. */
async function playsAndSeeks(page: Page, actions: string, recording: Archive) {
  await (await meetingNow(page)).getByRole('button', { name: actions }).click()
  await page.getByRole('menuitem', { name: 'Nagrania lekcji' }).click()
  const player = page.getByTestId('recording-player')
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
  expect(Math.abs(duration * 1000 - (recording.duration_ms ?? 0))).toBeLessThan(500)
  const landed = await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        video.addEventListener('seeked', () => resolve(video.currentTime), { once: true })
        video.currentTime = video.duration / 2
      }),
  )
  expect(Math.abs(landed - duration / 2)).toBeLessThan(2)
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState))
    .toBeGreaterThanOrEqual(2)
  await page.keyboard.press('Escape')
}

test('the teacher records the meeting without the student who did not agree; the others play it from my-lessons', async ({
  request,
}) => {
  const [teacher, krzysztof, kamil] = await Promise.all(
    [
      { email: TEACHER, name: 'Tomasz Wójcik' },
      { email: KRZYSZTOF, name: 'Krzysztof Mazur' },
      { email: KAMIL, name: 'Kamil Nowicki' },
    ].map(async ({ email, name }) => {
      const page = await signInWithMedia(browser, server.url, email)
      if (email !== TEACHER) await giveVoiceSample(request, server.url, await storedToken(page))
      return new GroupRoomPage(page, name)
    }),
  )
  if (!teacher || !krzysztof || !kamil) throw new Error('three pages')
  for (const [room, email] of [
    [teacher, KRZYSZTOF],
    [krzysztof, KRZYSZTOF],
    [kamil, KAMIL],
  ] as const) {
    await room.open(placeOf(email))
    await room.join()
  }
  await expect(teacher.page.getByTestId('mesh-notice')).toBeVisible()
  await teacher.expectSeesAndHears(['Krzysztof Mazur'], 30_000)

  await teacher.page.getByTestId('record-control').click()
  for (const room of [teacher, krzysztof, kamil]) await expect(status(room)).toBeVisible({ timeout: 5_000 })
  await expect(teacher.page.getByTestId('recording-left-out')).toHaveText(
    'Poza nagraniem (bez zgody na nagrywanie): Kamil Nowicki',
  )
  await expect(kamil.page.getByTestId('recording-not-me')).toHaveText('Twój obraz i głos nie są nagrywane')
  await expect(krzysztof.page.getByTestId('recording-not-me')).toHaveCount(0)
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await teacher.page.evaluate(() => window.scrollTo(0, 0))
    await teacher.page.screenshot({ path: `${SHOTS}/group-recording-teacher.png` })
    await kamil.page.screenshot({ path: `${SHOTS}/group-recording-left-out.png` })
  }
  // No record control for a student.
  await expect(krzysztof.page.getByTestId('record-control')).toHaveCount(0)
  await teacher.page.waitForTimeout(6_000)
  await teacher.page.getByTestId('record-control').click()
  for (const room of [teacher, krzysztof, kamil])
    await expect(status(room)).toHaveCount(0, { timeout: 10_000 })

  const listed = async (page: Page, placeId: string): Promise<Archive[]> => {
    const answer = await request.get(`${server.url}/api/v1/lessons/archives/list?lesson_id=${placeId}`, {
      headers: { authorization: `Bearer ${await storedToken(page)}` },
    })
    expect(answer.status()).toBe(200)
    return v.parse(archiveListResponse, await answer.json()).data
  }
  await expect
    .poll(async () => (await listed(teacher.page, placeOf(KRZYSZTOF)))[0]?.status, { timeout: 30_000 })
    .toBe('ready')
  const [recording] = await listed(teacher.page, placeOf(KRZYSZTOF))
  if (!recording) throw new Error('no recording')
  expect(recording.duration_ms).toBeGreaterThan(4_000)
  expect(await listed(kamil.page, placeOf(KAMIL))).toEqual([])

  await playsAndSeeks(teacher.page, `Działania dla zajęć: ${CLASS}`, recording)
  await playsAndSeeks(krzysztof.page, 'Działania dla lekcji: Tomasz Wójcik', recording)
  // Kamil's meeting offers no recording.
  await (await meetingNow(kamil.page))
    .getByRole('button', { name: 'Działania dla lekcji: Tomasz Wójcik' })
    .click()
  await expect(kamil.page.getByRole('menu')).toBeVisible()
  await expect(kamil.page.getByRole('menuitem', { name: 'Nagrania lekcji' })).toHaveCount(0)
})
