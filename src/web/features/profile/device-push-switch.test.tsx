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

/** The browser's PushManager.subscribe as a private window answers it. */
const privateWindow = () =>
  Promise.reject(new DOMException('Registration failed - push service not available', 'AbortError'))

function standInBrowser(
  browser: Browser,
  options: { pushManager?: boolean; subscribe?: () => Promise<never> } = {},
) {
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
    if (options.subscribe) return options.subscribe()
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
    Reflect.deleteProperty(navigator, 'userAgent')
  })

  it('says when the browser cannot receive them, and cannot be turned on', async () => {
    standInBrowser({ permission: 'default', subscribed: false }, { pushManager: false })
    renderScreen('/', '/', <DevicePushSwitch userId={profile.id} />)
    expect(
      await screen.findByText(
        /Ta przeglądarka nie może odbierać powiadomień\. Otwórz Lektorium w zwykłym \(nie prywatnym\) oknie/,
      ),
    ).toBeTruthy()
    expect(toggle().hasAttribute('disabled')).toBe(true)
  })

  it('says how to unblock them when the browser has blocked them, and that a private window always does', async () => {
    standInBrowser({ permission: 'denied', subscribed: false })
    renderScreen('/', '/', <DevicePushSwitch userId={profile.id} />)
    expect(await screen.findByText(/Zezwól na nie w ustawieniach tej strony/)).toBeTruthy()
    expect(screen.getByText(/W oknie prywatnym \(incognito\) przeglądarka blokuje je zawsze/)).toBeTruthy()
    expect(toggle().hasAttribute('disabled')).toBe(true)
  })

  it('tells an iPhone in Safari how to add the app to the Home Screen, in both languages', async () => {
    // Safari on an iPhone has no PushManager outside the app added to the Home Screen.
    standInBrowser({ permission: 'default', subscribed: false }, { pushManager: false })
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    })
    renderScreen('/', '/', <DevicePushSwitch userId={profile.id} />)
    expect(
      await screen.findByText(/wybierz „Do ekranu początkowego”, potem otwórz Lektorium z jego ikony/),
    ).toBeTruthy()
    expect(toggle().hasAttribute('disabled')).toBe(true)
    cleanup()
    activateLocale('en')
    renderScreen('/', '/', <DevicePushSwitch userId={profile.id} />)
    expect(
      await screen.findByText(/choose “Add to Home Screen”, then open Lektorium from its icon/),
    ).toBeTruthy()
  })

  it('says a private window takes no notifications when the browser refuses to subscribe, not "try again"', async () => {
    const standIn = standInBrowser({ permission: 'default', subscribed: false }, { subscribe: privateWindow })
    const sent = routeFetch({ 'GET /api/v1/push/key': { status: 200, body: { data: { public_key: KEY } } } })
    renderScreen('/', '/', <DevicePushSwitch userId={profile.id} />)
    await waitFor(() => expect(toggle().hasAttribute('disabled')).toBe(false))
    fireEvent.click(toggle())
    expect(await screen.findByText(/Tak bywa w oknie prywatnym \(incognito\)/)).toBeTruthy()
    expect(toggle().hasAttribute('disabled')).toBe(true)
    expect(toggle()).toHaveProperty('checked', false)
    expect(standIn.subscribe).toHaveBeenCalledTimes(1)
    expect(sent.map((request) => request.path)).toEqual(['/api/v1/push/key'])
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
