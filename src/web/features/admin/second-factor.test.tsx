// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession } from '../../api/session.ts'
import { activateLocale } from '../../config/i18n.ts'
import { signInAsOperator, TEST_OPERATOR } from '../../test-support/operator-session.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { AdminConsole } from './admin-console.tsx'

// The console's second factor, enrolled at the first sign-in and verified at each one.

const me = (second_factor: 'enrol' | 'verify' | 'keep_codes' | 'passed') => ({
  status: 200,
  body: { data: { ...TEST_OPERATOR, locale: 'pl', second_factor } },
})
const wrongCode = (field: string) => ({
  status: 400,
  body: {
    error: 'Validation failed',
    code: 'validation_failed',
    errors: [{ field, message: 'Invalid value', code: 'invalid' }],
  },
})
const settings = {
  status: 200,
  body: {
    data: {
      ban_duration: 7,
      cancellation_earliness: 24,
      lesson_earliness_condition: 12,
      first_reminder_minutes: 1440,
      second_reminder_minutes: 60,
      recording_lesson_max_mb: 3000,
      recording_day_max_mb: 20_000,
      sms_daily_user_max: 10,
      sms_daily_school_max: 500,
      recap_daily_max: 0,
      recap_publish_after_hours: 48,
    },
  },
}

const typeCode = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } })

describe('the console’s second factor', () => {
  beforeEach(() => {
    localStorage.clear()
    signInAsOperator()
  })
  afterEach(() => {
    cleanup()
    clearSession()
    vi.unstubAllGlobals()
  })

  it('enrols: shows the QR code, the key in groups and its link, refuses a wrong code, then shows the recovery codes once', async () => {
    await activateLocale('pl')
    let confirms = 0
    const sent = routeFetch({
      'GET /api/v1/operator/me': me('enrol'),
      'POST /api/v1/operator/second_factor/enrol': {
        status: 200,
        body: {
          data: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            otpauth_uri: 'otpauth://totp/Lektorium:ola?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
          },
        },
      },
      'POST /api/v1/operator/second_factor/confirm': () =>
        ++confirms === 1
          ? wrongCode('code')
          : { status: 200, body: { data: { recovery_codes: ['a1b2c-d3e4f', '0f9e8-d7c6b'] } } },
      'POST /api/v1/operator/second_factor/codes_kept': { status: 200, body: { data: { ok: true } } },
      'GET /api/v1/admin/settings/show': settings,
    })
    renderScreen('/admin', '/admin/*', <AdminConsole />)
    expect(await screen.findByLabelText('Klucz konfiguracji')).toHaveProperty(
      'textContent',
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP',
    )
    expect(screen.getByRole('link', { name: /otwórz klucz w aplikacji/ }).getAttribute('href')).toMatch(
      /^otpauth:\/\/totp\//,
    )
    expect(screen.getByRole('img', { name: /Kod QR klucza drugiego składnika/ })).toBeTruthy()

    // Five digits never leave the browser.
    typeCode(/Kod z aplikacji/, '12345')
    fireEvent.click(screen.getByRole('button', { name: 'Potwierdź kod' }))
    expect(await screen.findByText(/Kod ma 6 cyfr/)).toBeTruthy()
    expect(sent.filter((r) => r.path.endsWith('/confirm'))).toHaveLength(0)

    typeCode(/Kod z aplikacji/, '123 456')
    fireEvent.click(screen.getByRole('button', { name: 'Potwierdź kod' }))
    // The first code: the phone's clock and the typed key are what to check.
    expect(await screen.findByText(/Sprawdź, czy zegar telefonu ustawia się automatycznie/)).toBeTruthy()
    expect(sent.find((r) => r.path.endsWith('/confirm'))?.body).toEqual({ code: '123456' })

    typeCode(/Kod z aplikacji/, '654321')
    fireEvent.click(screen.getByRole('button', { name: 'Potwierdź kod' }))
    const codes = await screen.findByRole('list', { name: 'Kody odzyskiwania' })
    expect(codes.textContent).toContain('a1b2c-d3e4f')
    expect(screen.getByRole('link', { name: 'Pobierz' }).getAttribute('download')).toBe(
      'lektorium-recovery-codes.txt',
    )
    const open = screen.getByRole('button', { name: 'Przejdź do konsoli' })
    expect(open).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kody są zapisane w bezpiecznym miejscu' }))
    fireEvent.click(open)
    expect(await screen.findByRole('navigation', { name: 'Nawigacja konsoli' })).toBeTruthy()
    // The server hears that the codes are kept before the console opens.
    expect(sent.filter((r) => r.path.endsWith('/codes_kept'))).toHaveLength(1)
    // Asked once: a second secret would replace the one the operator added to the app.
    expect(sent.filter((r) => r.path.endsWith('/enrol'))).toHaveLength(1)
  })

  it('keeps the console closed after a reload until the recovery codes are kept, offering new ones', async () => {
    await activateLocale('pl')
    const sent = routeFetch({
      'GET /api/v1/operator/me': me('keep_codes'),
      'POST /api/v1/operator/second_factor/new_codes': {
        status: 200,
        body: { data: { recovery_codes: ['99999-88888', '77777-66666'] } },
      },
      'POST /api/v1/operator/second_factor/codes_kept': { status: 200, body: { data: { ok: true } } },
      'GET /api/v1/admin/settings/show': settings,
    })
    renderScreen('/admin/settings', '/admin/*', <AdminConsole />)
    expect(await screen.findByRole('heading', { name: 'Zapisz kody odzyskiwania' })).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Nawigacja konsoli' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Pokaż nowe kody' }))
    const codes = await screen.findByRole('list', { name: 'Kody odzyskiwania' })
    expect(codes.textContent).toContain('99999-88888')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kody są zapisane w bezpiecznym miejscu' }))
    fireEvent.click(screen.getByRole('button', { name: 'Przejdź do konsoli' }))
    expect(await screen.findByRole('heading', { name: 'Ustawienia' })).toBeTruthy()
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/v1/operator/second_factor/new_codes',
      '/api/v1/operator/second_factor/codes_kept',
    ])
    expect(sent.filter((r) => r.path.endsWith('/settings/show')).length).toBeGreaterThan(0)
  })

  it('verifies with a recovery code, and says in English when one is wrong', async () => {
    await activateLocale('en')
    let verifies = 0
    const sent = routeFetch({
      'GET /api/v1/operator/me': me('verify'),
      'POST /api/v1/operator/second_factor/verify': () =>
        ++verifies === 1 ? wrongCode('recovery_code') : { status: 200, body: { data: { ok: true } } },
      'GET /api/v1/admin/settings/show': settings,
    })
    renderScreen('/admin/settings', '/admin/*', <AdminConsole />)
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /use a recovery code/ }))
    typeCode(/Recovery code/, 'zzzzz-zzzzz')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('This recovery code is wrong or has already been used.')).toBeTruthy()
    typeCode(/Recovery code/, ' a1b2c-d3e4f ')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    // The session passed: the screen asked for opens.
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy()
    expect(sent.filter((r) => r.path.endsWith('/verify')).map((r) => r.body)).toEqual([
      { recovery_code: 'zzzzz-zzzzz' },
      { recovery_code: 'a1b2c-d3e4f' },
    ])
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Account ban duration/ })).toHaveProperty('value', '7'),
    )
  })
})
