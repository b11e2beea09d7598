import { chromium, expect, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { checkVoiceSample } from '../../src/domain/voice-sample.ts'
import { LoginPage, STUDENT_NOW, storedToken } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { newStoryContext, test } from './support/story.ts'

// The voice sample before the lesson room (product-rules.md "Voice sample"): the demo student Piotr
// has no voice sample; joining his lesson that starts now leads through voice-confirmation. On a
// server of its own, so the sample recorded here changes no other journey's Piotr.

const SPEC_TEXT = 'Kamera lub mikrofon nie są podłączone albo nie udzielono do nich uprawnień'

// Chromium's fake microphone (a beeping tone) and an accepted permission prompt.
test.use({
  launchOptions: {
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
  },
})

const server = new OwnServer(E2E_PORT + 10, 'e2e-voice-confirmation')
test.beforeAll(() => server.start())
test.afterAll(() => server.stop())

async function piotrJoins(page: Page) {
  const login = new LoginPage(page)
  await login.goto(`${server.url}/login`)
  await login.signIn(STUDENT_NOW)
  await expect(page).toHaveURL(/\/dashboard\//)
  await page.goto(`${server.url}/dashboard/my-lessons`)
  const join = page.getByRole('link', { name: 'Dołącz do lekcji: Anna Nowak' }).first()
  await join.click()
  await expect(page).toHaveURL(/\/dashboard\/voice-confirmation\?lesson_id=[0-9a-f-]{36}$/)
  // This one click starts the recording too, no second button.
  const dialog = page.getByRole('dialog', { name: 'Potwierdź swój głos' })
  await dialog.getByRole('button', { name: 'Nagraj próbkę' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Nagraj próbkę' })).toBeHidden()
  return new URL(page.url()).searchParams.get('lesson_id')
}

test('a denied microphone shows the spec text and how to allow it', async () => {
  // A browser of its own that says "Block" to the prompt, as a person may (the flags above accept it).
  const browser = await chromium.launch({
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
  })
  const page = await (await newStoryContext(browser)).newPage()
  await piotrJoins(page)
  const alert = page.getByRole('alert').filter({ hasText: SPEC_TEXT })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('zezwól tej stronie na używanie mikrofonu')
  await expect(page.getByRole('button', { name: 'Spróbuj ponownie' })).toBeVisible()
  await browser.close()
})

test('a student without a voice sample records 10 s and the stored file is the voice sample’s WAV', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const lessonId = await piotrJoins(page)
  const timer = page.getByRole('timer')
  await expect(timer).toHaveText(/^Zostało (10|9) s$/)
  // What to read stays in sight while recording, and the focus is in the recorder.
  await expect(page.getByText(/Dzień dobry! Uczę się języków w Lektorium/)).toBeVisible()
  await expect(page.getByRole('group', { name: 'Próbka głosu' })).toBeFocused()
  await expect(timer).toHaveText('Zostało 5 s', { timeout: 8_000 })
  await expect(page.getByText('Dziękujemy! Twoja próbka głosu została zapisana.')).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByLabel('Odsłuchaj nagranie')).toBeVisible()

  // The stored file, read back through the profile's signed URL.
  const auth = { authorization: `Bearer ${await storedToken(page)}` }
  const profile = await (await request.get(`${server.url}/api/v1/students/me`, { headers: auth })).json()
  const url: unknown = profile.data.voice_sample_url
  if (typeof url !== 'string') throw new Error('no voice_sample_url')
  const file = await request.get(new URL(url, server.url).toString())
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('audio/wav')
  const bytes = new Uint8Array(await file.body())
  const check = checkVoiceSample(bytes)
  expect(check).toMatchObject({ ok: true })
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  expect([view.getUint16(22, true), view.getUint32(24, true), view.getUint16(34, true)]).toEqual([
    2, 44_100, 16,
  ])
  if (check.ok) {
    expect(check.seconds).toBeGreaterThanOrEqual(9.5)
    expect(check.seconds).toBeLessThanOrEqual(10.5)
  }
  // The fake microphone's tone is in it, not silence.
  const samples = new Int16Array(bytes.buffer.slice(44 + 44_100 * 4, 44 + 44_100 * 8))
  expect(samples.reduce((loudest, sample) => Math.max(loudest, Math.abs(sample)), 0)).toBeGreaterThan(1000)
  const scheduled = await (
    await request.get(`${server.url}/api/v1/lessons/list_scheduled`, { headers: auth })
  ).json()
  expect(scheduled.data.voice_sample_provided).toBe(true)

  // On to the lesson, the query kept; the next Join goes straight to the call.
  await page.getByRole('link', { name: 'Przejdź do lekcji' }).click()
  await expect(page).toHaveURL(`${server.url}/dashboard/video-call-vonage?lesson_id=${lessonId}`)
  await page.goto(`${server.url}/dashboard/my-lessons`)
  await page.getByRole('link', { name: 'Dołącz do lekcji: Anna Nowak' }).first().click()
  await expect(page).toHaveURL(/\/dashboard\/video-call-vonage\?lesson_id=/)
})
