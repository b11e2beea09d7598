// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_MESSAGES } from '../../../domain/errors.ts'
import { activateLocale } from '../../config/i18n.ts'
import { renderScreen } from '../../test-utils.tsx'
import { LoginScreen } from './login-screen.tsx'

const sent: { url: string; authorization: string | null; body: unknown }[] = []

function answerWith(status: number, body: unknown) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    if (input instanceof Request) {
      sent.push({
        url: input.url,
        authorization: input.headers.get('authorization'),
        body: JSON.parse(await input.clone().text()),
      })
    }
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function signInAs(email: string, password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /e-mail/i }), { target: { value: email } })
  fireEvent.change(screen.getByLabelText(/^(hasło|password)/i), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: /zaloguj się|sign in/i }))
}

describe('the login form shows the server message inline', () => {
  beforeEach(() => {
    localStorage.clear()
    sent.length = 0
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('in Polish', async () => {
    activateLocale('pl')
    answerWith(422, { error: ERROR_MESSAGES.wrong_credentials, code: 'wrong_credentials' })
    renderScreen('/login', '/login', <LoginScreen />)
    expect(screen.getByRole('heading', { name: 'Zaloguj się' })).toBeTruthy()
    signInAs('anna@example.com', 'wrong-password')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Nieprawidłowy e-mail lub hasło')
  })

  it('in English, with the ban date', async () => {
    activateLocale('en')
    answerWith(403, {
      error: 'Your account is banned until 24.12.2025 due to cancellation of lessons',
      code: 'account_banned',
      params: { date: '24.12.2025' },
    })
    renderScreen('/login/student', '/login/:id', <LoginScreen />)
    expect(screen.getByRole('heading', { name: 'Student sign-in' })).toBeTruthy()
    signInAs('anna@example.com', 'secret-password')
    // Said once, in its dialog, not again under the form.
    const dialog = await screen.findByRole('dialog', { name: 'Account banned' })
    expect(dialog.textContent).toContain('24.12.2025')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('checks the fields before calling the server', async () => {
    activateLocale('pl')
    const fetch = answerWith(200, {})
    renderScreen('/login', '/login', <LoginScreen />)
    signInAs('not-an-address', '')
    expect(await screen.findByText('Podaj poprawny adres e-mail')).toBeTruthy()
    expect(screen.getByText('To pole jest wymagane')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends e-mail, password and remember to sign_in', async () => {
    activateLocale('pl')
    answerWith(422, { error: ERROR_MESSAGES.wrong_credentials, code: 'wrong_credentials' })
    renderScreen('/login', '/login', <LoginScreen />)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Zapamiętaj mnie' }))
    signInAs('anna@example.com', 'pass-1234')
    await screen.findByRole('alert')
    expect(sent).toHaveLength(1)
    expect(new URL(sent[0]?.url ?? '').pathname).toBe('/api/v1/users/sign_in')
    expect(sent[0]?.authorization).toBeNull()
    expect(sent[0]?.body).toEqual({ email: 'anna@example.com', password: 'pass-1234', remember: true })
  })
})
