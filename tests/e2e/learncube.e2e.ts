import { type Browser, chromium, expect, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { LearncubeStub, STUB_API_TOKEN, STUB_KEYS } from './support/learncube-stub.ts'
import { LoginPage, STUDENT_NOW, signInWithMedia, storedToken, TEACHER } from './support/login-page.ts'
import { opsOn } from './support/ops.ts'
import { OwnServer } from './support/own-server.ts'
import { test } from './support/story.ts'

// The cube variant of the lesson room (product-rules.md "Screens and routes"): a lesson held in
// LearnCube's classroom. The demo student Piotr has no voice sample and a lesson with Anna that
// starts now (seed/demo-lesson-now.ts); an operator marks it as a LearnCube lesson. A server of
// the journey's own, so the mark changes no other journey's lesson. Without LearnCube's keys (as
// the demo server runs) the cube screen says the classroom is not configured and offers the
// ordinary room; with them, it embeds the classroom. LearnCube is an outside service, stood in at
// its boundary (support/learncube-stub.ts).

const server = new OwnServer(E2E_PORT + 30, 'e2e-learncube')
const learncube = new LearncubeStub()

let browser: Browser
let student: Page
let lessonId: string

const CUBE_PATH = /\/dashboard\/video-call-learn-cube\?lesson_id=[0-9a-f-]{36}$/

/** Every address `page` has been at (full loads and the app's own navigations). */
function visited(page: Page): string[] {
  const urls: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url())
  })
  return urls
}

/** Piotr's Join on my-lessons for his lesson with Anna that starts now. */
const joinLink = (page: Page) => page.getByRole('link', { name: 'Dołącz do lekcji: Anna Nowak' }).first()

test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

test.beforeAll(async () => {
  await learncube.start()
  await server.start()
  browser = await chromium.launch({
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
  })
})

test.afterAll(async () => {
  await browser?.close()
  await server.stop()
  await learncube.stop()
})

test('a student without a voice sample joins a LearnCube lesson straight from my-lessons', async () => {
  student = await signInWithMedia(browser, server.url, STUDENT_NOW)
  await student.goto('/dashboard/my-lessons')
  // Before the mark, the ordinary rule: no voice sample, so voice-confirmation first.
  await expect(joinLink(student)).toHaveAttribute('href', /\/dashboard\/voice-confirmation\?lesson_id=/)
  const href = (await joinLink(student).getAttribute('href')) ?? ''
  lessonId = new URL(href, server.url).searchParams.get('lesson_id') ?? ''
  expect(lessonId).toMatch(/^[0-9a-f-]{36}$/)

  expect(opsOn(server, 'learncube', '--lesson', lessonId)).toContain(lessonId)

  await student.reload()
  await expect(joinLink(student)).toHaveAttribute(
    'href',
    `/dashboard/video-call-learn-cube?lesson_id=${lessonId}`,
  )
  const urls = visited(student)
  await joinLink(student).click()
  await expect(student).toHaveURL(CUBE_PATH)
  await expect(student.getByRole('heading', { level: 1, name: 'Lekcja z: Anna Nowak' })).toBeVisible()
  // The screen has settled (the server has no LearnCube keys) and is still the cube route.
  await expect(student.getByTestId('learncube-not-configured')).toBeVisible()
  await expect(student).toHaveURL(CUBE_PATH)
  expect(urls.some((url) => url.includes('voice-confirmation'))).toBe(false)

  // Opened directly, the ordinary room's address sends the cube lesson to the cube route too.
  await student.goto(`/dashboard/video-call-vonage?lesson_id=${lessonId}`)
  await expect(student).toHaveURL(CUBE_PATH)
  await expect(student.getByTestId('learncube-not-configured')).toBeVisible()
  expect(urls.some((url) => url.includes('voice-confirmation'))).toBe(false)
})

test('without LearnCube the screen says so, in Polish and English, and offers the ordinary room', async ({
  request,
}) => {
  const notice = student.getByTestId('learncube-not-configured')
  await expect(notice.getByRole('heading', { name: 'Klasa LearnCube nie jest skonfigurowana' })).toBeVisible()
  await expect(notice).toContainText('Możecie spotkać się w zwykłym pokoju lekcji Lektorium.')
  await expect(student.getByRole('link', { name: 'Wróć do moich lekcji' })).toBeVisible()

  // The ordinary room keeps the query; Piotr has no voice sample, so its own check comes first.
  await notice.getByRole('link', { name: 'Dołącz w pokoju lekcji' }).click()
  await expect(student).toHaveURL(
    `${server.url}/dashboard/voice-confirmation?lesson_id=${lessonId}&room=builtin`,
  )

  // The teacher goes from the same notice straight into the ordinary room's pre-join check.
  const teacher = await signInWithMedia(browser, server.url, TEACHER)
  await teacher.goto(`/dashboard/video-call-learn-cube?lesson_id=${lessonId}`)
  await expect(teacher.getByRole('heading', { level: 1, name: 'Lekcja z: Piotr Wiśniewski' })).toBeVisible()
  await teacher.getByRole('link', { name: 'Dołącz w pokoju lekcji' }).click()
  await expect(teacher).toHaveURL(
    `${server.url}/dashboard/video-call-vonage?lesson_id=${lessonId}&room=builtin`,
  )
  await expect(teacher.getByRole('button', { name: 'Dołącz do lekcji', exact: true })).toBeVisible()
  await teacher.context().close()

  // In English, after switching the language.
  await student.goto(`/dashboard/video-call-learn-cube?lesson_id=${lessonId}`)
  await expect(notice).toBeVisible()
  await new LoginPage(student).switchLanguage('EN')
  await expect(student.locator('html')).toHaveAttribute('lang', 'en')
  await expect(
    notice.getByRole('heading', { name: 'The LearnCube classroom is not configured' }),
  ).toBeVisible()
  await expect(student.getByRole('heading', { level: 1, name: 'Lesson with Anna Nowak' })).toBeVisible()
  await expect(notice.getByRole('link', { name: 'Join in the lesson room' })).toHaveAttribute(
    'href',
    `/dashboard/video-call-vonage?lesson_id=${lessonId}&room=builtin`,
  )
  // The switch saved English with Piotr's profile; Polish again for the next journey, which
  // opens pages afresh (they take the profile's language).
  const headers = { authorization: `Bearer ${await storedToken(student)}` }
  const locale = async () =>
    (await (await request.get(`${server.url}/api/v1/students/me`, { headers })).json()).data.locale
  await expect.poll(locale).toBe('en')
  const reset = await request.post(`${server.url}/api/v1/students/update`, {
    headers,
    data: { locale: 'pl' },
  })
  expect(reset.ok()).toBe(true)
})

/** What the stand-in classroom in `page` was started with, once it has started. */
async function classroomConfigIn(page: Page): Promise<Record<string, unknown>> {
  const shown = page.getByTestId('stand-in-config')
  await expect(shown).toBeVisible()
  const parsed: unknown = JSON.parse((await shown.textContent()) ?? 'null')
  if (typeof parsed !== 'object' || parsed === null) throw new Error('no classroom config')
  return Object.fromEntries(Object.entries(parsed))
}

test('with LearnCube configured, each party gets the lesson classroom, and the validation URL its token', async ({
  request,
}) => {
  // The same data, now with LearnCube's keys and its (stand-in) API and client.
  await server.stop()
  server.env = { ...server.env, ...learncube.env }
  await server.start()

  // A browser that has not been here before: one that has keeps the page's Content-Security-Policy
  // of its first visit (the service worker's shell), which does not yet name LearnCube's origins.
  await student.context().close()
  student = await signInWithMedia(browser, server.url, STUDENT_NOW)
  await student.goto(`/dashboard/video-call-learn-cube?lesson_id=${lessonId}`)
  await expect(student.getByRole('heading', { level: 1, name: 'Lekcja z: Anna Nowak' })).toBeVisible()
  const lesson = await (
    await request.get(`${server.url}/api/v1/lessons/show?lesson_id=${lessonId}`, {
      headers: { authorization: `Bearer ${await storedToken(student)}` },
    })
  ).json()
  const roomToken: unknown = lesson.data.room_token
  expect(typeof roomToken === 'string' && roomToken.length > 0).toBe(true)

  const studentConfig = await classroomConfigIn(student)
  expect(studentConfig).toMatchObject({
    token: roomToken,
    userType: 'student',
    username: 'Piotr Wiśniewski',
    publicKey: STUB_KEYS.publicKey,
  })
  expect(String(studentConfig.validateUrl)).toMatch(/^\/api\/v1\/learncube\/validate\?grant=/)
  // The classroom's script asked our validation URL, which answered LearnCube's token.
  await expect(student.getByTestId('stand-in-validate')).toHaveText(`200 {"token":"${STUB_API_TOKEN}"}`)
  await expect(student.locator('link[data-learncube-style]')).toHaveAttribute(
    'href',
    `${learncube.url}/client.css`,
  )
  await expect(student.getByTestId('learncube-classroom')).toHaveCSS('outline-style', 'dashed')
  expect(student.url()).toContain('/dashboard/video-call-learn-cube?')

  // The teacher joins the same classroom as the teacher.
  const teacher = await signInWithMedia(browser, server.url, TEACHER)
  await teacher.goto('/dashboard/my-lessons')
  await teacher.getByRole('link', { name: 'Dołącz do lekcji: Piotr Wiśniewski' }).first().click()
  await expect(teacher).toHaveURL(CUBE_PATH)
  expect(await classroomConfigIn(teacher)).toMatchObject({
    token: roomToken,
    userType: 'teacher',
    username: 'Anna Nowak',
  })
  await expect(teacher.getByTestId('stand-in-validate')).toHaveText(`200 {"token":"${STUB_API_TOKEN}"}`)

  // One classroom at LearnCube for the lesson, however many times the parties asked.
  expect(learncube.classrooms).toHaveLength(1)
  expect(learncube.classrooms[0]?.body).toMatchObject({ room_token: roomToken, max_participants: 2 })

  // The validation URL answers only with the grant our server signed.
  const validateUrl = String(studentConfig.validateUrl)
  await teacher.context().close()
  const stranger = await request.get(`${server.url}${validateUrl.replace(/grant=[^&]+/, 'grant=forged')}`)
  expect(stranger.status()).toBe(401)
})
