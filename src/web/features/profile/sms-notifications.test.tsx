// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession } from '../../api/session.ts'
import { activateLocale } from '../../config/i18n.ts'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { SmsNotifications } from './sms-notifications.tsx'

// The profile's SMS part: a notice where the school sends no SMS, the switch with the number
// otherwise, the test SMS once they are on, and why the server turned them off.

const status = (data: object) => ({
  status: 200,
  body: { data: { available: true, enabled: false, number: '+48512345678', stopped: null, ...data } },
})

describe('SMS notifications in the profile', () => {
  beforeEach(() => {
    activateLocale('pl')
    signInAs(studentProfile())
  })
  afterEach(() => {
    cleanup()
    clearSession()
    vi.unstubAllGlobals()
  })

  it('says the school sends no SMS instead of offering a switch', async () => {
    routeFetch({ 'GET /api/v1/sms/status': status({ available: false }) })
    renderScreen('/', '/', <SmsNotifications />)
    expect(await screen.findByText(/Ta szkoła nie wysyła SMS-ów/)).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
  })

  it('switches SMS on for the number shown, then offers the test SMS', async () => {
    const sent = routeFetch({
      'GET /api/v1/sms/status': status({}),
      'POST /api/v1/sms/switch': status({ enabled: true }),
      'POST /api/v1/sms/test': { status: 200, body: { data: { sent_to: '+48512345678' } } },
    })
    renderScreen('/', '/', <SmsNotifications />)
    const toggle = await screen.findByRole('switch', { name: /^Powiadomienia SMS/ })
    expect(
      screen.getByText('Przypomnienie przed lekcją i odwołania lekcji na numer +48 512 345 678.'),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Wyślij mi testowy SMS' })).toBeNull()
    fireEvent.click(toggle)
    fireEvent.click(await screen.findByRole('button', { name: 'Wyślij mi testowy SMS' }))
    await waitFor(() => expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/v1/sms/test'))
    expect(sent.find((r) => r.path === '/api/v1/sms/switch')?.body).toEqual({ enabled: true })
  })

  it('tells why SMS were turned off, and keeps the switch off without a mobile number', async () => {
    routeFetch({
      'GET /api/v1/sms/status': status({
        number: null,
        stopped: { number: '+48698765432', reason: 'twilio_30006', stopped_at: '2026-11-30T10:00:00.000Z' },
      }),
    })
    renderScreen('/', '/', <SmsNotifications />)
    expect(await screen.findByText('Wyłączyliśmy powiadomienia SMS')).toBeTruthy()
    expect(screen.getByText(/Numer \+48 698 765 432 nie może odbierać SMS-ów/)).toBeTruthy()
    expect(screen.getByRole('switch', { name: /^Powiadomienia SMS/ }).hasAttribute('disabled')).toBe(true)
  })
})
