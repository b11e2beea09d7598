// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { renderScreen } from '../../test-utils.tsx'
import { RegistrationScreen } from './registration-screen.tsx'

const emailChecks: string[] = []

function serverSaysEmailIs(status: 200 | 409) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (input instanceof Request && input.url.endsWith('/users/validate_email')) {
        emailChecks.push(JSON.parse(await input.clone().text()).email)
      }
      const body =
        status === 200
          ? { data: { valid: true } }
          : { error: 'This email is already in use', code: 'email_taken' }
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    }),
  )
}

const open = () => renderScreen('/registration', '/registration', <RegistrationScreen />)
const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input, textarea' })
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } })
const next = (label: RegExp) => fireEvent.click(screen.getByRole('button', { name: label }))

function fillDetails() {
  type(/^imię|^first name/i, 'anna')
  type(/^nazwisko|^last name/i, 'KOWALSKA')
  // Names are shown capitalised, as stored, once the field is left.
  fireEvent.blur(field(/^imię|^first name/i))
  fireEvent.blur(field(/^nazwisko|^last name/i))
  type(/^numer telefonu|^phone number/i, '512345678')
  type(/^data urodzenia|^date of birth/i, '1990-05-01')
  type(/^e-mail/i, 'anna.nowa@example.com')
  type(/^(hasło|password)\s*\*?$/i, 'Sekretne-haslo1')
  type(/^powtórz hasło|^repeat the password/i, 'Sekretne-haslo1')
}

describe('teacher registration, step "details"', () => {
  beforeEach(() => {
    localStorage.clear()
    emailChecks.length = 0
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows the stepper and refuses to go on with empty fields, in Polish', async () => {
    activateLocale('pl')
    serverSaysEmailIs(200)
    open()
    expect(screen.getByRole('heading', { name: 'Rejestracja lektora' })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Kroki rejestracji' })).toBeTruthy()
    next(/^dalej$/i)
    await waitFor(() => expect(screen.getAllByText('To pole jest wymagane').length).toBeGreaterThanOrEqual(6))
    expect(screen.getByRole('heading', { name: 'Twoje dane' })).toBeTruthy()
  })

  it('words the same errors in English, with the rule from the shared schema', async () => {
    activateLocale('en')
    serverSaysEmailIs(200)
    open()
    type(/^password\s*\*?$/i, 'short')
    type(/^repeat the password/i, 'other')
    type(/^date of birth/i, '2999-01-01')
    next(/^next$/i)
    await screen.findByText('Enter at least 8 characters')
    expect(screen.getByText('Passwords do not match')).toBeTruthy()
    expect(screen.getByText('The date cannot be in the future')).toBeTruthy()
    expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(3)
  })

  it('stops on an e-mail the server says is taken', async () => {
    activateLocale('pl')
    serverSaysEmailIs(409)
    open()
    fillDetails()
    next(/^dalej$/i)
    expect(await screen.findAllByText('Ten adres e-mail jest już używany')).not.toHaveLength(0)
    expect(emailChecks).toContain('anna.nowa@example.com')
    expect(screen.getByRole('heading', { name: 'Twoje dane' })).toBeTruthy()
  })

  it('goes on to the picture when the details pass', async () => {
    activateLocale('pl')
    serverSaysEmailIs(200)
    open()
    fillDetails()
    next(/^dalej$/i)
    expect(await screen.findByRole('heading', { name: 'Zdjęcie profilowe' })).toBeTruthy()
  })

  it('keeps what was typed across a reload, except the password', async () => {
    activateLocale('pl')
    serverSaysEmailIs(200)
    open()
    fillDetails()
    await waitFor(() =>
      expect(localStorage.getItem('lektorium:registration-draft:teacher')).toContain('Anna'),
    )
    expect(localStorage.getItem('lektorium:registration-draft:teacher')).not.toContain('Sekretne')
    cleanup()
    open()
    expect(field(/^nazwisko/i)).toHaveProperty('value', 'Kowalska')
    expect(field(/^e-mail/i)).toHaveProperty('value', 'anna.nowa@example.com')
    expect(field(/^hasło\s*\*?$/i)).toHaveProperty('value', '')
    expect(screen.getByText(/Przywróciliśmy dane/)).toBeTruthy()
  })
})
