import { type BrowserContext, expect, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { type SmsGatewayStandIn, startSmsGateway } from '../fakes/sms-gateway.ts'
import { LoginPage, STUDENT } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { newStoryContext, test } from './support/story.ts'

// SMS notifications from the profile (product-rules.md "SMS"): on a server with an SMS gateway
// (SMSAPI, stood in for on 127.0.0.1 as an outside service) a student switches them on for the
// number of their profile, sends themselves the test SMS, which the gateway receives, and switches
// them off; on the shared server, which has no gateway, the profile says SMS are not sent instead.

let gateway: SmsGatewayStandIn
let server: OwnServer
let context: BrowserContext

test.beforeAll(async () => {
  gateway = await startSmsGateway()
  server = new OwnServer(E2E_PORT + 70, 'e2e-sms', {
    SMS_PROVIDER: 'smsapi',
    SMSAPI_TOKEN: gateway.smsapiToken,
    SMSAPI_SENDER: 'Lektorium',
    SMSAPI_API_URL: gateway.url,
  })
  await server.start()
})
test.afterAll(async () => {
  await context?.close()
  await server?.stop()
  await gateway?.close()
})

async function openProfile(page: Page) {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(STUDENT)
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto('/dashboard/profile')
}

const smsSwitch = (page: Page) => page.getByRole('switch', { name: /^Powiadomienia SMS/ })

test('a student switches SMS on, receives the test SMS and switches them off', async ({ browser }) => {
  context = await newStoryContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  await openProfile(page)
  const part = page.getByTestId('sms-notifications')
  await expect(part).toContainText('na numer +48 511 222 333')
  await expect(smsSwitch(page)).not.toBeChecked()
  await smsSwitch(page).click({ force: true })
  await expect(page.getByRole('alert').filter({ hasText: 'Powiadomienia SMS są włączone' })).toBeVisible()
  await expect(smsSwitch(page)).toBeChecked()

  await part.getByRole('button', { name: 'Wyślij mi testowy SMS' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Wysłaliśmy testowy SMS na numer +48 511 222 333.' }),
  ).toBeVisible()
  await expect.poll(() => gateway.received.length).toBe(1)
  expect(gateway.received[0]).toMatchObject({
    to: '+48511222333',
    text: 'Lektorium: to SMS testowy. Powiadomienia SMS docieraja na ten numer.',
  })
  expect(gateway.refused).toEqual([])

  // Still on after a reload: the server keeps it.
  await page.reload()
  await expect(smsSwitch(page)).toBeChecked()
  await smsSwitch(page).click({ force: true })
  await expect(page.getByRole('alert').filter({ hasText: 'Powiadomienia SMS są wyłączone' })).toBeVisible()
  await expect(smsSwitch(page)).not.toBeChecked()
  await expect(part.getByRole('button', { name: 'Wyślij mi testowy SMS' })).toHaveCount(0)
})

test('without an SMS gateway the profile says SMS are not sent, with no switch', async ({ page }) => {
  await openProfile(page)
  await expect(page.getByTestId('sms-unavailable')).toContainText('Ta szkoła nie wysyła SMS-ów.')
  await expect(smsSwitch(page)).toHaveCount(0)
})
