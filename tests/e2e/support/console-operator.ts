import { type APIRequestContext, expect, type Page } from '@playwright/test'
import jsQRModule from 'jsqr'
import * as OTPAuth from 'otpauth'
import { DEMO_PASSWORD, LoginPage } from './login-page.ts'
import { messagesTo } from './mail.ts'
import { opsOn } from './ops.ts'
import { storyNow } from './story.ts'

// The school's console in the journeys: an operator made as a school makes one, the codes of an
// authenticator app, and the demo accounts' API sessions the journeys prepare with.

type Server = { url: string; dataDir: string }

/** The code an authenticator app shows now for `secret` (30 s steps, 6 digits), in the story. */
export const totpNow = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: storyNow().getTime(),
  })

const QR_PIXELS = 320
/** jsqr is CommonJS: under NodeNext its default import is the module, whose `default` decodes. */
const jsQR = jsQRModule.default

/** The enrolment's QR code, drawn into a canvas in the page and decoded here with jsQR. */
export async function scanQrCode(page: Page): Promise<string> {
  const qr = page.getByRole('img', { name: /^Kod QR|^QR code/ })
  await expect(qr).toBeVisible()
  const pixels = await qr.evaluate(async (svg, size) => {
    const image = new Image()
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = size
    canvas.height = size
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d canvas')
    context.drawImage(image, 0, 0, size, size)
    return Array.from(context.getImageData(0, 0, size, size).data)
  }, QR_PIXELS)
  const found = jsQR(Uint8ClampedArray.from(pixels), QR_PIXELS, QR_PIXELS)
  if (!found) throw new Error('the QR code on the page does not scan')
  return found.data
}

/** The newest link matching `pattern` in the e-mails to `email` on `server`. */
export async function mailedLink(server: Server, email: string, pattern: RegExp): Promise<string> {
  let link = ''
  await expect
    .poll(() => {
      link =
        messagesTo(email, server.dataDir)
          .map((m) => pattern.exec(m.text)?.[0])
          .filter((l): l is string => Boolean(l))
          .at(-1) ?? ''
      return link
    })
    .not.toBe('')
  return link
}

/**
 * An operator made with `ops create-operator` on `server`: the password set from the e-mailed link,
 * signed in on the login page and the second factor enrolled. `page` ends on the console's first
 * screen.
 */
export async function enrolledOperator(page: Page, server: Server, email: string, password: string) {
  expect(opsOn(server, 'create-operator', email)).toContain(`Created operator ${email}`)
  const link = await mailedLink(server, email, /http:\/\/[^\s]+\/password-reset\/new\?token=[A-Za-z0-9_-]+/)
  // The link as mailed: the CLI takes the address the running server announced.
  await page.goto(link)
  await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(password)
  await page.getByRole('textbox', { name: 'Powtórz hasło', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Zapisz hasło' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await new LoginPage(page).signIn(email, password)
  const secret = ((await page.getByLabel('Klucz konfiguracji').textContent()) ?? '').replaceAll(/\s/g, '')
  await page.getByLabel('Kod z aplikacji').fill(totpNow(secret))
  await page.getByRole('button', { name: 'Potwierdź kod' }).click()
  await page.getByLabel('Kody są zapisane w bezpiecznym miejscu').check()
  await page.getByRole('button', { name: 'Przejdź do konsoli' }).click()
  await expect(page).toHaveURL(/\/admin\/teachers$/)
}

/** The bearer token of a demo account signed in through the API of `server`. */
export async function apiSignIn(request: APIRequestContext, server: Server, email: string): Promise<string> {
  const answer = await request.post(`${server.url}/api/v1/users/sign_in`, {
    data: { email, password: DEMO_PASSWORD, remember: false },
  })
  expect(answer.ok()).toBe(true)
  return ((await answer.json()) as { data: { token: string } }).data.token
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * The student signed in with `token` says the teacher did not come to their lesson starting now
 * (the demo's lesson of the moment), with `note`: an absence report for the console to review.
 */
export async function reportTeacherAbsentNow(
  request: APIRequestContext,
  server: Server,
  token: string,
  note: string,
): Promise<void> {
  const list = await request.get(`${server.url}/api/v1/lessons/list_scheduled`, { headers: bearer(token) })
  const lessons = (
    (await list.json()) as {
      data: { lessons: { id: string; scheduled_at: string; teacher: { id: string } }[] }
    }
  ).data.lessons
  const now = lessons.find((l) => Math.abs(Date.parse(l.scheduled_at) - storyNow().getTime()) < 20 * 60_000)
  if (!now) throw new Error('the demo lesson starting now is missing')
  const report = await request.post(`${server.url}/api/v1/lessons/report_absence`, {
    headers: bearer(token),
    data: { lesson_id: now.id, absentee_id: now.teacher.id, note },
  })
  expect(report.ok()).toBe(true)
}

/** A link of the console's side navigation. */
export const consoleNav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Nawigacja konsoli' }).getByRole('link', { name })

/**
 * The console's screen at a wide and a phone's width, in Polish and English, into `dir` (the
 * journeys' SCREENSHOTS; nothing without it); it ends wide and in Polish.
 */
export async function consoleScreenshots(page: Page, dir: string, name: string): Promise<void> {
  if (!dir) return
  for (const locale of ['PL', 'EN'] as const) {
    await page.getByText(locale, { exact: true }).first().click()
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
      await page.waitForTimeout(400)
      await page.screenshot({ path: `${dir}/${name}-${locale.toLowerCase()}-${width}.png`, fullPage: true })
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByText('PL', { exact: true }).first().click()
}

/** "2026-12-01" → "01.12.2026": how the console's date fields are typed, in either language. */
export const typedDay = (key: string) => key.split('-').reverse().join('.')
