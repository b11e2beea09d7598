import { type ChildProcess, spawn } from 'node:child_process'
import { type Browser, chromium, expect, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { freePort } from '../../src/server/platform/free-port.ts'
import { giveVoiceSample, LessonRoomPage } from './support/lesson-room-page.ts'
import {
  LoginPage,
  STUDENT,
  STUDENT_NOW,
  signInWithMedia,
  storedToken,
  TEACHER,
} from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { addLesson } from './support/server-lessons.ts'
import { newStoryContext, test } from './support/story.ts'

// The lesson room: the demo teacher Anna and the demo student Piotr, whose lesson starts now
// (src/server/seed/demo-lesson-now.ts), meet in two browser contexts of Debian's Chromium with
// fake camera and microphone. The journey runs its own server, which it restarts mid-call and later
// restarts relay-only behind a coturn of its own.

const server = new OwnServer(E2E_PORT + 10, 'e2e-lesson-room')

let browser: Browser
let teacher: LessonRoomPage
let student: LessonRoomPage
/** The room of the lesson "starting now", to come back to after the journeys in other rooms. */
let nowRoom: string

const signIn = (email: string): Promise<Page> => signInWithMedia(browser, server.url, email)

test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

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

test('teacher and student meet from my-lessons, see and hear each other, and chat', async ({ request }) => {
  const studentPage = await signIn(STUDENT_NOW)
  await giveVoiceSample(request, server.url, await storedToken(studentPage))
  const teacherPage = await signIn(TEACHER)
  teacher = new LessonRoomPage(teacherPage)
  student = new LessonRoomPage(studentPage)

  await teacher.openFromMyLessons()
  nowRoom = new URL(teacherPage.url()).search
  await teacher.join()
  await expect(teacher.phase).toHaveAttribute('data-phase', 'waiting')
  await student.openFromMyLessons()
  await student.join()
  await Promise.all([teacher.expectConnected(), student.expectConnected()])
  await Promise.all([teacher.expectMediaFlowing(), student.expectMediaFlowing()])

  await teacher.sendChat('Dzień dobry! Zaczynamy?')
  await expect(student.chatLog).toContainText('Dzień dobry! Zaczynamy?')
  await student.sendChat('Tak, jestem gotowy.')
  await expect(teacher.chatLog).toContainText('Tak, jestem gotowy.')

  // A reload: the chat is kept on the server; the lobby shows it already.
  await studentPage.reload()
  await expect(student.chatLog).toContainText('Dzień dobry! Zaczynamy?')
  await expect(student.chatLog).toContainText('Tak, jestem gotowy.')
  await expect(student.chatLog.getByText('Tak, jestem gotowy.')).toHaveCount(1)
  await student.join()
  await Promise.all([teacher.expectConnected(), student.expectConnected()])
  await Promise.all([teacher.expectMediaFlowing(), student.expectMediaFlowing()])
})

test('a side offline for 5 s comes back to the call with no click', async () => {
  const context = student.page.context()
  await context.setOffline(true)
  // Written while offline: the message waits and goes out once, with its client_id, when back.
  await student.sendChat('Przepraszam, internet mi znika.')
  await student.page.waitForTimeout(5_000)
  await context.setOffline(false)
  await expect(teacher.chatLog.getByText('Przepraszam, internet mi znika.')).toHaveCount(1, {
    timeout: 20_000,
  })
  await Promise.all([teacher.expectConnected(30_000), student.expectConnected(30_000)])
  await Promise.all([teacher.expectMediaFlowing(), student.expectMediaFlowing()])
})

test('after a server restart mid-call the signalling is back within seconds of the server answering', async () => {
  await server.stop()
  await expect(teacher.phase).toHaveAttribute('data-phase', 'reconnecting')
  // Away long enough for a doubling backoff to have grown to several seconds.
  await teacher.page.waitForTimeout(9_000)
  await server.start()
  const answering = performance.now()
  const back = async (side: LessonRoomPage) => {
    await expect
      .poll(() => side.phase.getAttribute('data-phase'), { timeout: 15_000, intervals: [50] })
      .toBe('connected')
    return performance.now() - answering
  }
  const [teacherBack, studentBack] = await Promise.all([back(teacher), back(student)])
  console.info(
    `signalling back ${teacherBack} ms (teacher), ${studentBack} ms (student) after the server answered`,
  )
  // A visible page retries at least once a second (call/backoff.ts; its unit tests pin the policy
  // down): back about a second after the server answers on a quiet machine, 3.7 s with the
  // integration tests running beside (test:any-hour). Here the bound is what the teacher would still
  // call "at once", also on a loaded machine; a backoff left to double over the 9 s away would by
  // then wait 8 s and more between attempts.
  expect(Math.max(teacherBack, studentBack)).toBeLessThanOrEqual(6_000)
  await Promise.all([teacher.expectMediaFlowing(), student.expectMediaFlowing()])
})

test("another signed-in user with the student's room token is refused, and the student stays", async ({
  request,
}) => {
  const studentToken = await storedToken(student.page)
  const lessonId = new URLSearchParams(nowRoom).get('lesson_id')
  const answer = await request.post(`${server.url}/api/v1/lessons/generate_token`, {
    headers: { authorization: `Bearer ${studentToken}` },
    data: { lesson_id: lessonId },
  })
  const roomToken: string = (await answer.json()).data.token
  const intruder = await signIn(STUDENT)
  const intruderSession = await storedToken(intruder)
  const outcome = await intruder.evaluate(
    ({ token, session }) =>
      new Promise<{ code: number; frames: string[] }>((resolve) => {
        const frames: string[] = []
        const url = new URL('/api/v1/lessons/room', location.href)
        url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
        url.searchParams.set('token', token)
        const socket = new WebSocket(url)
        socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', session }))
        socket.onmessage = (event) => frames.push(String(event.data))
        socket.onclose = (event) => resolve({ code: event.code, frames })
      }),
    { token: roomToken, session: intruderSession },
  )
  expect(outcome).toEqual({ code: 4401, frames: [] })
  await intruder.context().close()
  // The student's socket was never replaced: still in the call, media both ways.
  await expect(student.ended).toHaveCount(0)
  await Promise.all([teacher.expectConnected(), student.expectConnected()])
  await Promise.all([teacher.expectMediaFlowing(), student.expectMediaFlowing()])
})

test("the student mutes and turns the camera off: the teacher's stage shows both within 1 s", async () => {
  await student.control('Mikrofon').click()
  await expect(teacher.remoteMedia).toHaveAttribute('data-microphone', 'false', { timeout: 1_000 })
  await expect(teacher.remoteMedia).toContainText('ma wyciszony mikrofon')
  await student.control('Kamera').click()
  await expect(teacher.remoteMedia).toHaveAttribute('data-camera', 'false', { timeout: 1_000 })
  await expect(teacher.remoteMedia).toContainText('ma wyłączoną kamerę')
  // No frozen last frame: the picture gives way to the student's avatar.
  await expect(teacher.page.getByTestId('remote-video')).toBeHidden()
  await expect(teacher.phase).toHaveAttribute('data-phase', 'connected')

  await student.control('Mikrofon').click()
  await student.control('Kamera').click()
  await expect(teacher.remoteMedia).toHaveAttribute('data-microphone', 'true', { timeout: 1_000 })
  await expect(teacher.remoteMedia).toHaveAttribute('data-camera', 'true', { timeout: 1_000 })
  await expect(teacher.remoteMedia).toHaveText('')
  await teacher.expectMediaFlowing()
})

test('the student leaves and the teacher sees it within 2 s; the student comes back', async () => {
  await student.control('Opuść lekcję').click()
  await expect(student.ended).toBeVisible()
  await expect(teacher.phase).toHaveAttribute('data-phase', 'peer-left', { timeout: 2_000 })
  await expect(teacher.phase).toContainText('nie jest już na lekcji')
  await student.page.getByRole('button', { name: 'Wróć do lekcji' }).click()
  await student.join()
  await Promise.all([teacher.expectConnected(30_000), student.expectConnected(30_000)])
  await Promise.all([teacher.expectMediaFlowing(), student.expectMediaFlowing()])
})

test('the teacher cancels a lesson during its call: both see the ended room with the reason within 2 s', async ({
  request,
}) => {
  // A lesson that has not started yet: a started lesson cannot be cancelled
  // (product-rules.md "Cancellation").
  const lessonId = await addLesson(server, { teacher: TEACHER, student: STUDENT_NOW }, 10)
  await teacher.open(lessonId)
  await teacher.join()
  await student.open(lessonId)
  await student.join()
  await Promise.all([teacher.expectConnected(30_000), student.expectConnected(30_000)])

  const answer = await request.post(`${server.url}/api/v1/lessons/cancel`, {
    headers: {
      authorization: `Bearer ${await storedToken(teacher.page)}`,
      'idempotency-key': crypto.randomUUID(),
    },
    data: { lesson_id: lessonId, cancellation_reason: 'Nagła choroba, przepraszam.' },
  })
  expect(answer.status(), await answer.text()).toBe(200)
  for (const side of [teacher, student]) {
    await expect(side.ended).toHaveAttribute('data-end', 'cancelled', { timeout: 2_000 })
    await expect(side.ended).toContainText('Powód: Nagła choroba, przepraszam.')
    await expect(side.page.getByTestId('lesson-room')).toHaveCount(0)
  }
  await expect(student.ended).toContainText('Lekcja została odwołana przez: Anna Nowak.')
  await expect(teacher.ended).toContainText('Lekcja została odwołana przez Ciebie.')
  await expect(student.ended.getByRole('button', { name: 'Wróć do lekcji' })).toHaveCount(0)
  // Media stopped: no camera or microphone is still held by the page.
  const live = await student.page.evaluate(
    () =>
      [...document.querySelectorAll('video')].flatMap((video) =>
        video.srcObject instanceof MediaStream
          ? video.srcObject.getTracks().filter((track) => track.readyState === 'live')
          : [],
      ).length,
  )
  expect(live).toBe(0)
  // Opened again, the cancelled lesson's room says so, with no lobby and no Join.
  await student.page.reload()
  await expect(student.ended).toHaveAttribute('data-end', 'cancelled')
  await expect(student.ended).toContainText('Lekcja została odwołana przez: Anna Nowak.')
  await expect(student.ended).toContainText('Powód: Nagła choroba, przepraszam.')
  await expect(student.joinButton).toHaveCount(0)
})

test('when the lesson is over the student is invited to rate it, and the rating is saved', async ({
  request,
}) => {
  // A lesson that ended five minutes ago: its room is open for ten minutes more.
  const lessonId = await addLesson(server, { teacher: TEACHER, student: STUDENT_NOW }, -50)
  await student.open(lessonId)
  await student.join()
  const prompt = student.page.getByTestId('lesson-time-up')
  await expect(prompt).toContainText('Czas lekcji minął')
  await prompt.getByRole('button', { name: 'Oceń lekcję' }).click()
  const dialog = student.page.getByRole('dialog', { name: 'Oceń lekcję' })
  const star = dialog.getByRole('radiogroup', { name: 'Ocena' }).getByRole('radio', { name: '5 z 5' })
  await star.focus()
  await student.page.keyboard.press('Space')
  await expect(star).toBeChecked()
  await dialog.getByRole('textbox', { name: 'Komentarz' }).fill('Świetna lekcja, dziękuję!')
  await dialog.getByRole('button', { name: 'Wyślij ocenę' }).click()
  await expect(dialog).toBeHidden()
  const shown = await request.get(`${server.url}/api/v1/lessons/show?lesson_id=${lessonId}`, {
    headers: { authorization: `Bearer ${await storedToken(student.page)}` },
  })
  expect((await shown.json()).data.rating).toMatchObject({ value: 5, comment: 'Świetna lekcja, dziękuję!' })
  // Leave from the prompt, then back to the lesson of now for the journeys that follow.
  await prompt.getByRole('button', { name: 'Opuść lekcję' }).click()
  await expect(student.ended).toBeVisible()
  for (const side of [teacher, student]) {
    await side.page.goto(`/dashboard/video-call-vonage${nowRoom}`)
    await side.join()
  }
  await Promise.all([teacher.expectConnected(30_000), student.expectConnected(30_000)])
})

test('relay-only through a coturn of its own, the call uses a relay candidate', async () => {
  const turnPort = await freePort()
  const secret = 'lesson-room-e2e-turn-secret'
  const coturn: ChildProcess = spawn(
    'turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      '--allow-loopback-peers',
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=lektorium',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      `-p`,
      String(turnPort),
      `--pidfile=/tmp/lektorium-e2e-turn-${turnPort}.pid`,
      '--log-file=stdout',
    ],
    { stdio: 'ignore' },
  )
  try {
    await server.stop()
    server.env = {
      TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp`,
      TURN_SECRET: secret,
      ICE_TRANSPORT_POLICY: 'relay',
    }
    await server.start()
    for (const side of [teacher, student]) {
      await side.page.reload()
      await side.join()
    }
    await Promise.all([teacher.expectConnected(30_000), student.expectConnected(30_000)])
    await Promise.all([teacher.expectMediaFlowing(), student.expectMediaFlowing()])
    await expect.poll(() => teacher.localCandidateType()).toBe('relay')
    await expect.poll(() => student.localCandidateType()).toBe('relay')
  } finally {
    coturn.kill('SIGTERM')
    server.env = {}
  }
})

test('a denied camera and microphone show the spec text and what to do', async () => {
  // No fake-UI flag and no granted permission: the browser refuses the devices.
  const refusing = await chromium.launch({
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
  })
  try {
    const context = await newStoryContext(refusing, { baseURL: server.url, locale: 'pl-PL' })
    const page = await context.newPage()
    const login = new LoginPage(page)
    await login.goto('/login')
    await login.signIn(TEACHER)
    await expect(page).toHaveURL(/\/dashboard\//)
    await new LessonRoomPage(page).openFromMyLessons()
    const alert = page.getByRole('alert').filter({
      hasText: 'Kamera lub mikrofon nie są podłączone albo nie udzielono do nich dostępu',
    })
    await expect(alert).toBeVisible()
    await expect(alert).toContainText('kłódkę')
  } finally {
    await refusing.close()
  }
})
