import { readFileSync } from 'node:fs'
import { type Browser, chromium, expect, type Page } from '@playwright/test'
import * as v from 'valibot'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { roomTokenResponse, type VonageRoomToken } from '../../src/domain/api/room.ts'
import { giveVoiceSample, LessonRoomPage } from './support/lesson-room-page.ts'
import { STUDENT_NOW, signInWithMedia, storedToken, TEACHER } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { test } from './support/story.ts'
import { VonageStub } from './support/vonage-stub.ts'

// The lesson room drives Vonage's client SDK. The demo teacher Anna and the demo student Piotr meet
// in their lesson that starts now, on a server whose lessons go through Vonage
// (VIDEO_PROVIDER=vonage). Vonage is an outside service, stood in at its boundaries: its REST API
// by an HTTP stub in this process (support/vonage-stub.ts: a fresh RSA key, POST /session/create
// answered with a session id, the archive calls), and its client SDK by
// tests/e2e/support/vonage-standin.js, served in place of the app's lazy chunk
// assets/vonage-sdk-*.js (the production build, unchanged). The stand-in keeps every SDK call in
// window.__vonageStandin; each page is told, through it, what Vonage would tell that side.

const STANDIN = readFileSync(new URL('./support/vonage-standin.js', import.meta.url), 'utf8')
const server = new OwnServer(E2E_PORT + 20, 'e2e-vonage')

const stub = new VonageStub()
let browser: Browser
let teacherPage: Page
let studentPage: Page
let teacher: LessonRoomPage
let student: LessonRoomPage
/** The chunk requests the stand-in answered, per page. */
const served = new Map<Page, string[]>()

type StandinCall = { what: string; [detail: string]: unknown }

/** What the page's stand-in SDK was asked, in order. */
const sdkCalls = (page: Page): Promise<StandinCall[]> =>
  page.evaluate(() => {
    const standin: { log: StandinCall[] } | undefined = Reflect.get(window, '__vonageStandin')
    return standin ? structuredClone(standin.log) : []
  })
const callsOf = async (page: Page, what: string) =>
  (await sdkCalls(page)).filter((call) => call.what === what)

/** What Vonage would tell this side: the other party's stream, or the session's own events. */
const vonageSays = (page: Page, method: 'streamCreated' | 'streamDestroyed' | 'emit', ...args: string[]) =>
  page.evaluate(([name, values]) => Reflect.get(window, '__vonageStandin')[name](...values), [
    method,
    args,
  ] as const)

/** A signed-in page whose Vonage SDK chunk is the stand-in. */
async function signIn(email: string): Promise<Page> {
  const page = await signInWithMedia(browser, server.url, email)
  const requests: string[] = []
  served.set(page, requests)
  await page.context().route(/\/assets\/vonage-sdk-[\w-]+\.js$/, (route) => {
    requests.push(new URL(route.request().url()).pathname)
    return route.fulfill({ contentType: 'text/javascript', body: STANDIN })
  })
  return page
}

/** Joins, and answers the first token the room asked for. */
async function joinWithToken(room: LessonRoomPage): Promise<VonageRoomToken> {
  const answer = room.page.waitForResponse((response) => response.url().endsWith('/lessons/generate_token'))
  await room.join()
  const token = v.parse(roomTokenResponse, await (await answer).json()).data
  if (token.provider !== 'vonage') throw new Error(`the lesson's provider is ${token.provider}`)
  return token
}

const phaseOf = (page: Page) => page.getByTestId('call-phase')

test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

test.beforeAll(async () => {
  await stub.start()
  server.env = stub.env
  await server.start()
  browser = await chromium.launch({
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
  })
})

test.afterAll(async () => {
  await browser?.close()
  await server.stop()
  await stub.stop()
})

test("the room joins the lesson's Vonage session with the server's token and publishes the lobby's tracks", async ({
  request,
}) => {
  studentPage = await signIn(STUDENT_NOW)
  await giveVoiceSample(request, server.url, await storedToken(studentPage))
  teacherPage = await signIn(TEACHER)
  teacher = new LessonRoomPage(teacherPage)
  student = new LessonRoomPage(studentPage)

  await teacher.openFromMyLessons()
  // The SDK is not part of the pages before the room, nor of what the service worker precaches
  // (it is a lazy chunk).
  expect(served.get(teacherPage)).toEqual([])
  const worker = await request.get(`${server.url}/sw.js`)
  expect(worker.status()).toBe(200)
  expect(await worker.text()).not.toContain('vonage-sdk')
  const token = await joinWithToken(teacher)
  // The server made the lesson's routed session and signed the party's token with its key.
  expect(stub.of('POST', '/session/create')).toHaveLength(1)
  expect(token.vonage.application_id).toBe(stub.applicationId)
  expect(stub.signedByApp(token.vonage.token)).toBe(true)

  await expect.poll(() => callsOf(teacherPage, 'publish')).toHaveLength(1)
  expect(served.get(teacherPage)?.[0]).toMatch(/^\/assets\/vonage-sdk-[\w-]+\.js$/)
  const calls = await sdkCalls(teacherPage)
  expect(calls.slice(0, 4)).toEqual([
    { what: 'initSession', applicationId: token.vonage.application_id, sessionId: token.vonage.session_id },
    { what: 'connect', token: token.vonage.token },
    // The lobby's own microphone and camera (the pre-join check's), not devices the SDK opened.
    { what: 'initPublisher', audio: 'audio', video: 'video', publishAudio: true, publishVideo: true },
    { what: 'publish', audio: 'audio', video: 'video' },
  ])
  // Only the app's socket says whether the other party is there: nobody yet.
  await expect(phaseOf(teacherPage)).toHaveAttribute('data-phase', 'waiting')
})

test("subscribes to the other party's stream when it comes, and the stage plays it", async () => {
  await student.openFromMyLessons()
  const token = await joinWithToken(student)
  // One session per lesson, however many parties ask.
  expect(stub.of('POST', '/session/create')).toHaveLength(1)
  await expect.poll(() => callsOf(studentPage, 'publish')).toHaveLength(1)
  expect((await callsOf(studentPage, 'initSession'))[0]).toMatchObject({ sessionId: token.vonage.session_id })
  // Both are in the room (the socket says so); no media has arrived yet.
  await expect(phaseOf(teacherPage)).toHaveAttribute('data-phase', 'joining')

  await vonageSays(teacherPage, 'streamCreated', 'piotr-camera', 'Piotr')
  await vonageSays(studentPage, 'streamCreated', 'anna-camera', 'Anna')
  expect(await callsOf(teacherPage, 'subscribe')).toEqual([
    { what: 'subscribe', streamId: 'piotr-camera', properties: { insertDefaultUI: false, audioVolume: 0 } },
  ])
  await Promise.all([teacher.expectConnected(), student.expectConnected()])
  await expect(phaseOf(teacherPage)).toHaveText('Połączono')

  // The stage plays the subscriber's stream: a picture with a size whose time advances.
  const video = teacherPage.getByTestId('remote-video')
  await expect(video).toBeVisible()
  const playing = await teacherPage.evaluate(
    () => Reflect.get(window, '__vonageStandin').media['piotr-camera'],
  )
  const source = await video.evaluate((element: HTMLVideoElement) =>
    element.srcObject instanceof MediaStream ? element.srcObject.id : null,
  )
  expect(source).toBe(playing)
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth))
    .toBeGreaterThan(0)
  const time = await video.evaluate((element: HTMLVideoElement) => element.currentTime)
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(time + 0.5)
})

test("reacts to the SDK's reconnecting and reconnected, and to the other party's stream lost", async () => {
  await vonageSays(teacherPage, 'emit', 'sessionReconnecting')
  await expect(phaseOf(teacherPage)).toHaveAttribute('data-phase', 'reconnecting')
  await expect(phaseOf(teacherPage)).toHaveText('Połączenie przerwane — łączymy ponownie…')
  await vonageSays(teacherPage, 'emit', 'sessionReconnected')
  await expect(phaseOf(teacherPage)).toHaveAttribute('data-phase', 'connected')
  await expect(phaseOf(teacherPage)).toHaveText('Połączono')

  // Anna's network went: Piotr sees her as reconnecting (not a frozen picture), then back.
  await vonageSays(studentPage, 'streamDestroyed', 'anna-camera', 'networkDisconnected')
  await expect(phaseOf(studentPage)).toHaveAttribute('data-phase', 'peer-reconnecting')
  await expect(studentPage.getByTestId('remote-video')).toBeHidden()
  await vonageSays(studentPage, 'streamCreated', 'anna-camera-2', 'Anna')
  await expect(phaseOf(studentPage)).toHaveAttribute('data-phase', 'connected')
})

test("records in Vonage's cloud: the badge as ever, nothing recorded or sent from the browser", async () => {
  const chunks: string[] = []
  teacherPage.on('request', (sent) => {
    if (sent.url().includes('/lessons/archives/chunks')) chunks.push(sent.url())
  })
  await teacherPage.getByTestId('record-control').click()
  await expect(teacherPage.getByTestId('recording-status')).toBeVisible()
  await expect(studentPage.getByTestId('recording-status')).toBeVisible()
  // The server started the archive at Vonage.
  expect(stub.of('POST', '/archive')).toHaveLength(1)
  // A browser recorder would have sent its first chunk by now (a few seconds' timeslice).
  await teacherPage.waitForTimeout(6_000)
  expect(chunks).toEqual([])
  await teacherPage.getByTestId('record-control').click()
  await expect(teacherPage.getByTestId('recording-status')).toHaveCount(0)
  await expect(studentPage.getByTestId('recording-status')).toHaveCount(0)
  expect(chunks).toEqual([])
})

test('leaving unpublishes and disconnects the session', async () => {
  await teacher.control('Opuść lekcję').click()
  await expect(teacher.ended).toBeVisible()
  const calls = (await sdkCalls(teacherPage)).map((call) => call.what)
  expect(calls.slice(-2)).toEqual(['unpublish', 'disconnect'])
  // The student's room hears of it through the app's socket.
  await expect(phaseOf(studentPage)).toHaveAttribute('data-phase', 'peer-left')
})
