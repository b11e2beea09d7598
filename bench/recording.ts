import { readFileSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../scripts/find-chromium.ts'
import { signInWithMedia, storedToken, TEACHER } from '../tests/e2e/support/login-page.ts'
import { OwnServer } from '../tests/e2e/support/own-server.ts'
import { giveVoiceSample } from '../tests/e2e/support/voice-sample.ts'

// What a recording costs while it runs. The demo teacher records the call of the lesson that starts
// now for MINUTES minutes (default 5) in Debian's Chromium with fake camera and microphone; every
// 10 s it reads the server's resident memory (/proc) and the recording tab's JavaScript heap
// (DevTools), then the finished file's size per minute.
//   npm run bench:recording            # 5 minutes
//   RECORDING_MINUTES=1 npm run bench:recording

const minutes = Number(process.env.RECORDING_MINUTES ?? 5)
// Not playwright.config.ts's port: importing it sets the story clock after the pages' clock was read
// (its top-level await lets story.ts run first), and the lesson "that starts now" would differ
// between the server and the pages. Here all keep the wall's clock, as in bench/group.ts.
const server = new OwnServer(Number(process.env.BENCH_RECORDING_PORT ?? 18414), 'bench-recording')
const STUDENT_NOW = 'piotr.wisniewski@demo.lektorium.pl'
const MB = 1_048_576

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
  return line ? Number(line[1]) * 1024 : 0
}

await server.start()
const browser = await chromium.launch({
  executablePath: await findChromium(),
  args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
})
try {
  const signIn = (email: string) => signInWithMedia(browser, server.url, email)
  const studentPage = await signIn(STUDENT_NOW)
  await giveVoiceSample((await browser.newContext()).request, server.url, await storedToken(studentPage))
  const teacherPage = await signIn(TEACHER)
  /** Into the room of the lesson that starts now, from my-lessons, past the pre-join check. */
  const enter = async (page: Page) => {
    await page.goto('/dashboard/my-lessons')
    await page
      .getByRole('link', { name: /^Dołącz do lekcji: / })
      .first()
      .click()
    await page.getByTestId('lobby-preview').waitFor()
    await page.getByRole('button', { name: 'Dołącz do lekcji', exact: true }).click()
  }
  await enter(teacherPage)
  await enter(studentPage)
  await teacherPage.locator('[data-testid="call-phase"][data-phase="connected"]').waitFor({ timeout: 30_000 })
  const lessonId = new URL(teacherPage.url()).searchParams.get('lesson_id') ?? ''
  const devtools = await teacherPage.context().newCDPSession(teacherPage)
  await devtools.send('Performance.enable')
  const heap = async () => {
    const { metrics } = await devtools.send('Performance.getMetrics')
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0
  }
  const pid = server.pid ?? 0
  const samples: { at: number; server: number; tab: number }[] = []
  const sample = async (at: number) => samples.push({ at, server: rssOf(pid), tab: await heap() })
  await sample(0)
  await teacherPage.getByTestId('record-control').click()
  await teacherPage.getByTestId('recording-status').waitFor()
  const started = Date.now()
  while (Date.now() - started < minutes * 60_000) {
    await teacherPage.waitForTimeout(10_000)
    await sample(Math.round((Date.now() - started) / 1000))
  }
  await teacherPage.getByTestId('record-control').click()
  const token = await storedToken(teacherPage)
  let recording: { status: string; duration_ms: number | null; size: number | null } | undefined
  for (let i = 0; i < 120 && recording?.status !== 'ready'; i++) {
    await teacherPage.waitForTimeout(1000)
    await sample(Math.round((Date.now() - started) / 1000))
    const answer = await fetch(`${server.url}/api/v1/lessons/archives/list?lesson_id=${lessonId}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const body = (await answer.json()) as { data: NonNullable<typeof recording>[] }
    recording = body.data[0]
  }
  const range = (pick: (s: (typeof samples)[number]) => number) => {
    const values = samples.slice(1).map(pick)
    return `${(pick(samples[0] ?? { at: 0, server: 0, tab: 0 }) / MB).toFixed(0)} MB before; ${(Math.min(...values) / MB).toFixed(0)}–${(Math.max(...values) / MB).toFixed(0)} MB while recording and joining`
  }
  const perMinute =
    recording?.size && recording.duration_ms ? (recording.size / recording.duration_ms) * 60_000 : 0
  console.log(
    `recording of ${minutes} min: ${recording?.status}, ${((recording?.duration_ms ?? 0) / 1000).toFixed(1)} s, ${((recording?.size ?? 0) / MB).toFixed(1)} MB (${(perMinute / MB).toFixed(2)} MB/min)`,
  )
  console.log(`server RSS: ${range((s) => s.server)}`)
  console.log(`recording tab JS heap: ${range((s) => s.tab)}`)
  console.log(
    samples
      .map((s) => `${s.at}s server ${(s.server / MB).toFixed(0)} tab ${(s.tab / MB).toFixed(1)}`)
      .join('\n'),
  )
} finally {
  await browser.close()
  await server.stop()
}
