// @vitest-environment happy-dom
import { Button } from '@mantine/core'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getSession } from '../api/session.ts'
import { activateLocale } from '../config/i18n.ts'
import { clearOutbox, countUnsent, enqueueWrite } from '../offline/outbox.ts'
import { studentProfile } from '../test-support/profile-fixture.ts'
import { answerWith, signInAs } from '../test-support/test-session.ts'
import { renderScreen } from '../test-utils.tsx'
import { useLogoutWithWarning } from './logout-confirm.tsx'

// Logout with writes still waiting in the outbox warns first, then empties it.

function LogoutButton() {
  const { requestLogout, dialog } = useLogoutWithWarning()
  return (
    <>
      <Button onClick={() => void requestLogout()}>Wyloguj się</Button>
      {dialog}
    </>
  )
}

const student = studentProfile()

beforeEach(() => {
  localStorage.clear()
  activateLocale('pl')
  signInAs(student)
  answerWith(200, { data: null })
})
afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await clearOutbox()
})

const queueNote = () =>
  enqueueWrite(student.id, {
    kind: 'update',
    lessonId: '10000000-0000-4000-8000-000000000001',
    input: { lesson_id: '10000000-0000-4000-8000-000000000001', note: 'Czasowniki' },
    idempotencyKey: 'key-logout-1',
  })

/**
 * Logout is over once it has gone to /login (which this test's router renders as nothing): the
 * session goes at once, the offline data after it, and clearing that must not spill into the next
 * test's outbox.
 */
const loggedOut = () =>
  waitFor(() => {
    expect(getSession()).toBeNull()
    expect(screen.queryByRole('button', { name: 'Wyloguj się' })).toBeNull()
  })

describe('logout with unsent work', () => {
  it('logs out at once when nothing waits', async () => {
    renderScreen('/', '/', <LogoutButton />)
    fireEvent.click(screen.getByRole('button', { name: 'Wyloguj się' }))
    await loggedOut()
  })

  it('warns first; staying keeps the session and the writes', async () => {
    await queueNote()
    renderScreen('/', '/', <LogoutButton />)
    fireEvent.click(screen.getByRole('button', { name: 'Wyloguj się' }))
    expect(await screen.findByText(/czeka na wysłanie 1 zmiana/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Nie wylogowuj' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(getSession()).not.toBeNull()
    expect(await countUnsent(student.id)).toBe(1)
  })

  it('empties the outbox when the user logs out anyway', async () => {
    await queueNote()
    renderScreen('/', '/', <LogoutButton />)
    fireEvent.click(screen.getByRole('button', { name: 'Wyloguj się' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Wyloguj i usuń zmiany' }))
    await loggedOut()
    expect(await countUnsent(student.id)).toBe(0)
  })
})
