import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from './find-chromium.ts'

// Screenshots of the lesson room, which takes two people (not part of `npm test`):
//   node scripts/room-screenshots.ts <base-url> <out-dir>
// against a server with the demo data (DEMO_DATA=true) whose demo student Piotr has a voice
// sample. Anna (the teacher) is shot in the pre-join check and in the call with Piotr, at 1280 px
// and 375 px, in Polish and English; fake camera and microphone.
const [baseUrl = 'http://127.0.0.1:8080', outDir = '/tmp/shots-room'] = process.argv.slice(2)
const PASSWORD = 'Lektorium2026!'
const TEACHER = 'anna.nowak@demo.lektorium.pl'
const STUDENT = 'piotr.wisniewski@demo.lektorium.pl'
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'mobile', width: 375, height: 812 },
]

async function signedIn(
  browser: Browser,
  email: string,
  locale: 'pl' | 'en',
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: locale === 'pl' ? 'pl-PL' : 'en-GB',
    timezoneId: 'Europe/Warsaw',
  })
  await context.grantPermissions(['camera', 'microphone'], { origin: baseUrl })
  const page = await context.newPage()
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel(/e-mail/i).fill(email)
  await page
    .getByLabel(/hasło|password/i)
    .first()
    .fill(PASSWORD)
  await page.getByRole('button', { name: /^(zaloguj się|sign in)$/i }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/'))
  // The language is chosen in the top navigation (saved with the profile), at desktop width.
  await page.getByRole('banner').getByText(locale.toUpperCase(), { exact: true }).click()
  await page.waitForTimeout(500)
  await page.setViewportSize(viewport)
  return page
}

async function openLobby(page: Page) {
  await page.goto(`${baseUrl}/dashboard/my-lessons`)
  await page
    .getByRole('link', { name: /^(Dołącz do lekcji|Join the lesson): / })
    .first()
    .click()
  await page.getByTestId('lobby-preview').waitFor()
  await page.waitForTimeout(1_500) // the level meter and the preview settle
}

const joinButton = (page: Page) => page.getByRole('button', { name: /^(Dołącz do lekcji|Join the lesson)$/ })

mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({
  executablePath: await findChromium(),
  args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
})
try {
  for (const locale of ['pl', 'en'] as const) {
    for (const viewport of VIEWPORTS) {
      const teacher = await signedIn(browser, TEACHER, locale, viewport)
      const student = await signedIn(browser, STUDENT, locale, { width: 1280, height: 800 })
      await openLobby(teacher)
      await teacher.screenshot({
        path: path.join(outDir, `lobby-${viewport.name}-${locale}.png`),
        fullPage: true,
      })
      await openLobby(student)
      await joinButton(student).click()
      await joinButton(teacher).click()
      await teacher
        .getByTestId('call-phase')
        .and(teacher.locator('[data-phase="connected"]'))
        .waitFor({ timeout: 30_000 })
      const message = teacher.getByRole('textbox', { name: /^(Wiadomość|Message)$/ })
      if (await message.isVisible()) {
        await message.fill(
          locale === 'pl' ? 'Dzień dobry! Słychać mnie dobrze?' : 'Hello! Can you hear me well?',
        )
        await message.press('Enter')
        const reply = student.getByRole('textbox', { name: /^(Wiadomość|Message)$/ })
        await reply.fill(
          locale === 'pl' ? 'Tak, wszystko słychać. Zaczynamy!' : 'Yes, loud and clear. Let us start!',
        )
        await reply.press('Enter')
      }
      await teacher.waitForTimeout(3_000) // the quality indicator's first readings
      await teacher.screenshot({
        path: path.join(outDir, `room-${viewport.name}-${locale}.png`),
        fullPage: true,
      })
      await student.context().close()
      await teacher.context().close()
    }
  }
} finally {
  await browser.close()
}
