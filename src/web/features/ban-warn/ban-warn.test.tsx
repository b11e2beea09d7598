// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getSession } from '../../api/session.ts'
import { activateLocale } from '../../config/i18n.ts'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { answerWith, signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { BanWarn } from './ban-warn.tsx'

const warned = studentProfile({ warned_at: '2026-07-07T10:00:00.000Z' })

describe('BanWarn at start', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAs(warned)
    answerWith(200, { data: { ban_duration: 7, cancellation_earliness: 24, lesson_earliness_condition: 12 } })
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('warns with the ban duration from the settings, once per sign-in', async () => {
    renderScreen('/', '/', <BanWarn profile={warned} />)
    expect(await screen.findByText(/zablokuje Twoje konto na 7 dni/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Rozumiem' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    cleanup()
    renderScreen('/', '/', <BanWarn profile={warned} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows a ban with its end date in Poland time and logs out on closing', async () => {
    // 22:30 UTC on 19 July is already 20 July in Poland (CEST).
    const banned = { ...warned, banned_until: '2099-07-19T22:30:00.000Z' }
    renderScreen('/', '/', <BanWarn profile={banned} />)
    expect(await screen.findByText(/zablokowane do 20\.07\.2099/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Wyloguj się' }))
    await waitFor(() => expect(getSession()).toBeNull())
  })
})
