// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { theme } from '../../config/theme.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { LoginScreen } from './login-screen.tsx'
import { PasswordResetNewScreen } from './password-reset-new-screen.tsx'

// The operator's first link opened a page titled "Ustaw nowe hasło" for a password never set, and
// the login page after it was empty.

const OPERATOR = 'ola.kowalczyk@szkola.example'

function openLink() {
  const router = createMemoryRouter(
    [
      { path: '/password-reset/new', element: <PasswordResetNewScreen /> },
      { path: '/login', element: <LoginScreen /> },
    ],
    { initialEntries: ['/password-reset/new?token=abc'] },
  )
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>,
  )
}

const validity = (purpose: string) => ({
  status: 200,
  body: { data: { valid: true, email: OPERATOR, purpose } },
})

describe('the page an e-mailed password link opens', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('sets an operator’s console password, then opens the login page with the address filled in', async () => {
    await activateLocale('pl')
    routeFetch({
      'POST /api/v1/users/validate_reset_token': validity('console_password'),
      'POST /api/v1/users/update_password': { status: 200, body: { data: { ok: true } } },
    })
    openLink()
    expect(await screen.findByRole('heading', { name: 'Ustaw hasło do konsoli' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText(/^Hasło/), { target: { value: 'Konsola-Szkoly-2026' } })
    fireEvent.change(screen.getByLabelText(/^Powtórz hasło/), { target: { value: 'Konsola-Szkoly-2026' } })
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz hasło' }))
    const email = await screen.findByRole('textbox', { name: /e-mail/i })
    expect(email).toHaveProperty('value', OPERATOR)
  })

  it('says "new password" only for an account that has one (en)', async () => {
    await activateLocale('en')
    routeFetch({ 'POST /api/v1/users/validate_reset_token': validity('new_password') })
    openLink()
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeTruthy()
    await activateLocale('pl')
  })
})
