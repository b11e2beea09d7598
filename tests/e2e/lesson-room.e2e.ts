import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { type Browser, chromium, expect, type Page, test } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { giveVoiceSample, LessonRoomPage } from './support/lesson-room-page.ts'
import { LoginPage, storedToken, TEACHER } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'

// The lesson room (issue #13 "Done when"): the demo teacher Anna and the demo student Piotr, whose
// lesson starts now (src/server/db/seed/demo-lesson-now.ts), meet in two browser contexts of
// Debian's Chromium with fake camera and microphone. The journey runs its own server, which it
// restarts mid-call and later restarts relay-only behind a coturn of its own.

const STUDENT_NOW = 'piotr.wisniewski@demo.lektorium.pl'
const MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']
const server = new OwnServer(E2E_PORT + 10, 'e2e-lesson-room')

let browser: Browser
let teacher: LessonRoomPage
let student: LessonRoomPage

async function signIn(email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  })
  await context.grantPermissions(['camera', 'microphone'])
  const page = await context.newPage()
  const login = new LoginPage(page)
  await login.goto('/login')
  await login.signIn(email)
  await expect(page).toHaveURL(/\/dashboard\//)
  return page
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })

test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

test.beforeAll(async () => {
  await server.start()
  browser = await chromium.launch({
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, ...MEDIA_ARGS],
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

test('after a server restart mid-call both are back within 15 s', async () => {
  await server.stop()
  await expect(teacher.phase).toHaveAttribute('data-phase', 'reconnecting')
  await server.start()
  await Promise.all([teacher.expectConnected(15_000), student.expectConnected(15_000)])
  await Promise.all([teacher.expectMediaFlowing(), student.expectMediaFlowing()])
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
    const context = await refusing.newContext({ baseURL: server.url, locale: 'pl-PL' })
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
