// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_MESSAGES } from '../../../domain/errors.ts'
import { activateLocale } from '../../config/i18n.ts'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { answerWith, signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { EditPasswordForm } from './edit-password-dialog.tsx'

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' })
const confirm = () => screen.getByRole('button', { name: 'Zmień hasło' })

describe('EditPassword', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAs(studentProfile())
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('disables confirm while a field is focused, and enables it on leaving the field', () => {
    renderScreen('/', '/', <EditPasswordForm onDone={() => undefined} />)
    expect(confirm().getAttribute('data-disabled')).toBeNull()
    for (const label of ['Obecne hasło', 'Nowe hasło', 'Powtórz nowe hasło']) {
      const input = field(label)
      fireEvent.focus(input)
      expect(confirm().getAttribute('data-disabled')).toBe('true')
      fireEvent.blur(input)
      expect(confirm().getAttribute('data-disabled')).toBeNull()
    }
  })

  it('does not submit while a field is focused', () => {
    const sent = answerWith(200, {})
    renderScreen('/', '/', <EditPasswordForm onDone={() => undefined} />)
    fireEvent.focus(field('Obecne hasło'))
    fireEvent.click(confirm())
    expect(sent).toHaveLength(0)
  })

  it('checks the rules in the browser before calling the server', async () => {
    const sent = answerWith(200, {})
    renderScreen('/', '/', <EditPasswordForm onDone={() => undefined} />)
    fireEvent.change(field('Nowe hasło'), {
      target: { value: 'short' },
    })
    fireEvent.click(confirm())
    expect(await screen.findByText('Wpisz co najmniej 8 znaków')).toBeTruthy()
    expect(sent).toHaveLength(0)
  })

  it('shows a wrong current password on its field and stays open', async () => {
    const sent = answerWith(422, {
      error: ERROR_MESSAGES.current_password_incorrect,
      code: 'current_password_incorrect',
    })
    const onDone = vi.fn()
    renderScreen('/', '/', <EditPasswordForm onDone={onDone} />)
    const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
    fill('Obecne hasło', 'wrong-password')
    fill('Nowe hasło', 'new-password-1')
    fill('Powtórz nowe hasło', 'new-password-1')
    fireEvent.click(confirm())
    expect(await screen.findByText('Obecne hasło jest nieprawidłowe')).toBeTruthy()
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      path: '/api/v1/students/update',
      body: {
        currentPassword: 'wrong-password',
        password: 'new-password-1',
        passwordConfirmation: 'new-password-1',
      },
    })
    expect(onDone).not.toHaveBeenCalled()
  })
})
