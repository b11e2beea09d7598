// @vitest-environment happy-dom
import { useLingui } from '@lingui/react'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession } from '../../api/session.ts'
import { LanguageSwitcher } from '../../app/language-switcher.tsx'
import { activateLocale } from '../../config/i18n.ts'
import { signInAsOperator, TEST_OPERATOR } from '../../test-support/operator-session.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { AdminConsole } from './admin-console.tsx'

// The operator's saved language (GET /operator/me `locale`) is the console's after a sign-in, as a
// student's profile locale is the app's, unless a language was chosen on this device.

const ME = 'GET /api/v1/operator/me'
const me = (locale: 'pl' | 'en') => ({
  status: 200,
  body: { data: { ...TEST_OPERATOR, locale, second_factor: 'enrol' } },
})
const ENROL = {
  'POST /api/v1/operator/second_factor/enrol': {
    status: 200,
    body: { data: { otpauth_uri: 'otpauth://totp/x?secret=ABC', secret: 'JBSWY3DPEHPK3PXP' } },
  },
}

// Each test a sign-in of its own (the language is taken once per session).
let signIns = 0
function signInOperator() {
  signIns += 1
  signInAsOperator(`2099-01-${String(signIns).padStart(2, '0')}T00:00:00.000Z`)
}

function Shown() {
  const { i18n } = useLingui()
  return <output data-testid="locale">{i18n.locale}</output>
}
const shown = () => screen.getByTestId('locale').textContent
const openConsole = () =>
  renderScreen(
    '/admin',
    '/admin/*',
    <>
      <Shown />
      <AdminConsole />
    </>,
  )

describe('the console’s language at sign-in', () => {
  beforeEach(async () => {
    localStorage.clear()
    await activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    clearSession()
    vi.unstubAllGlobals()
  })

  it('takes the operator’s saved language when none was chosen on this device', async () => {
    routeFetch({ [ME]: me('en'), ...ENROL })
    signInOperator()
    openConsole()
    await waitFor(() => expect(shown()).toBe('en'))
    expect(
      await screen.findByRole('heading', { name: 'Protect your account with a second factor' }),
    ).toBeTruthy()
  })

  it('keeps the language chosen on the login screen', async () => {
    routeFetch({ [ME]: me('pl'), ...ENROL })
    renderScreen('/login', '/login', <LanguageSwitcher />)
    fireEvent.click(screen.getByText('EN'))
    cleanup()
    signInOperator()
    openConsole()
    await screen.findByLabelText('Setup key')
    expect(shown()).toBe('en')
  })

  it('keeps the language switched in the console at the next sign-in', async () => {
    routeFetch({ [ME]: me('pl'), ...ENROL })
    signInOperator()
    openConsole()
    await screen.findByLabelText('Klucz konfiguracji')
    expect(shown()).toBe('pl')
    fireEvent.click(screen.getByText('EN'))
    await waitFor(() => expect(shown()).toBe('en'))
    cleanup()
    clearSession()

    signInOperator()
    openConsole()
    await screen.findByLabelText('Setup key')
    expect(shown()).toBe('en')
  })
})
