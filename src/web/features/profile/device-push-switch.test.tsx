// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { DevicePushSwitch } from './device-push-switch.tsx'

// The per-device switch over the browser's push API (stood in for here: the browser's PushManager,
// Notification and service worker registration).

const KEY = `B${'K'.repeat(86)}`
const DEVICE = {
  endpoint: 'https://push.example.test/send/abc',
  keys: { p256dh: `B${'P'.repeat(86)}`, auth: 'A'.repeat(22) },
}

type Browser = { permission: NotificationPermission; subscribed: boolean }

function standInBrowser(browser: Browser, options: { pushManager?: boolean } = {}) {
  const unsubscribe = vi.fn(async () => {
    browser.subscribed = false
    return true
  })
  const subscription = {
    ...DEVICE,
    options: { applicationServerKey: null },
    toJSON: () => ({ ...DEVICE, expirationTime: null }),
    unsubscribe,
  }
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    browser.subscribed = true
    return subscription
  })
  // The browser's prompt, answered "allow" when asked.
  const requestPermission = vi.fn(async () => {
    if (browser.permission === 'default') browser.permission = 'granted'
    return browser.permission
  })
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission
    },
    requestPermission,
  })
  if (options.pushManager !== false) vi.stubGlobal('PushManager', class {})
  const registration = {
    pushManager: { getSubscription: async () => (browser.subscribed ? subscription : null), subscribe },
  }
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  })
  return { requestPermission, subscribe, unsubscribe }
}

const toggle = () => screen.getByRole('switch', { name: /^Powiadomienia na tym urządzeniu/ })

describe('notifications on this device', () => {
  const profile = studentProfile()
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAs(profile)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  it('says when the browser cannot receive them, and cannot be turned on', async () => {
    standInBrowser({ permission: 'default', subscribed: false }, { pushManager: false })
    renderScreen('/', '/', <DevicePushSwitch userId={profile.id} />)
    expect(await screen.findByText(/Ta przeglądarka nie obsługuje powiadomień/)).toBeTruthy()
    expect(toggle().hasAttribute('disabled')).toBe(true)
  })

  it('says how to unblock them when the browser has blocked them', async () => {
    standInBrowser({ permission: 'denied', subscribed: false })
    renderScreen('/', '/', <DevicePushSwitch userId={profile.id} />)
    expect(await screen.findByText(/Zezwól na nie w ustawieniach tej strony/)).toBeTruthy()
    expect(toggle().hasAttribute('disabled')).toBe(true)
  })

  it('asks for permission only when turned on, subscribes with the server key and tells the server; off undoes both', async () => {
    const browser: Browser = { permission: 'default', subscribed: false }
    const standIn = standInBrowser(browser)
    const sent = routeFetch({
      'GET /api/v1/push/key': { status: 200, body: { data: { public_key: KEY } } },
      'POST /api/v1/push/subscriptions/create': { status: 200, body: { data: { subscribed: true } } },
      'POST /api/v1/push/subscriptions/delete': { status: 200, body: { data: { subscribed: false } } },
    })
    renderScreen('/', '/', <DevicePushSwitch userId={profile.id} />)
    await waitFor(() => expect(toggle().hasAttribute('disabled')).toBe(false))
    expect(standIn.requestPermission).not.toHaveBeenCalled()

    fireEvent.click(toggle())
    await waitFor(() => expect(toggle()).toHaveProperty('checked', true))
    expect(standIn.requestPermission).toHaveBeenCalledTimes(1)
    const [options] = standIn.subscribe.mock.calls[0] ?? []
    expect(options).toMatchObject({ userVisibleOnly: true })
    expect(sent.find((r) => r.path === '/api/v1/push/subscriptions/create')?.body).toEqual(DEVICE)

    fireEvent.click(toggle())
    await waitFor(() => expect(toggle()).toHaveProperty('checked', false))
    expect(sent.find((r) => r.path === '/api/v1/push/subscriptions/delete')?.body).toEqual({
      endpoint: DEVICE.endpoint,
    })
    expect(standIn.unsubscribe).toHaveBeenCalledTimes(1)
  })
})
