// @vitest-environment happy-dom
import { useLingui } from '@lingui/react'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../domain/api/profile.ts'
import { clearSession } from '../api/session.ts'
import { activateLocale, LOCALE_STORAGE_KEY } from '../config/i18n.ts'
import { studentProfile, teacherProfile } from '../test-support/profile-fixture.ts'
import { routeFetch } from '../test-support/test-fetch.ts'
import { signInAs } from '../test-support/test-session.ts'
import { renderScreen } from '../test-utils.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { SIGNED_OUT_CHOICE_KEY, useAdoptProfileLocale } from './use-profile-locale.ts'

function SignedIn({ profile }: { profile: Profile }) {
  useAdoptProfileLocale(profile)
  const { i18n } = useLingui()
  return <output data-testid="locale">{i18n.locale}</output>
}

const shown = () => screen.getByTestId('locale').textContent

describe('the interface language at sign-in', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    clearSession()
    vi.unstubAllGlobals()
  })

  it('keeps the language chosen on the login screen and saves it to the profile', async () => {
    const sent = routeFetch({
      'POST /api/v1/students/update': { status: 200, body: { data: studentProfile({ locale: 'en' }) } },
    })
    // Signed out, on the login screen: the user picks English.
    renderScreen('/login', '/login', <LanguageSwitcher />)
    fireEvent.click(screen.getByText('EN'))
    cleanup()

    const profile = studentProfile({ locale: 'pl' })
    signInAs(profile)
    renderScreen('/dashboard', '/dashboard', <SignedIn profile={profile} />)
    await waitFor(() =>
      expect(sent.map((r) => [r.path, r.body])).toEqual([['/api/v1/students/update', { locale: 'en' }]]),
    )
    expect(shown()).toBe('en')
  })

  it('saves the language chosen on the login screen even when its catalog had not arrived yet', async () => {
    const sent = routeFetch({
      'POST /api/v1/students/update': { status: 200, body: { data: studentProfile({ locale: 'en' }) } },
    })
    // English was picked and remembered; the interface still shows Polish, its catalog on the way.
    localStorage.setItem(SIGNED_OUT_CHOICE_KEY, '1')
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en')
    // Another student than the first test's: the language is adopted once per sign-in.
    const profile = studentProfile({ locale: 'pl', id: '7d1c3f52-3b8e-4d0a-9a51-2f4e8c1b6a90' })
    signInAs(profile)
    renderScreen('/dashboard', '/dashboard', <SignedIn profile={profile} />)
    await waitFor(() =>
      expect(sent.map((r) => [r.path, r.body])).toEqual([['/api/v1/students/update', { locale: 'en' }]]),
    )
    await waitFor(() => expect(shown()).toBe('en'))
    await waitFor(() => expect(localStorage.getItem(SIGNED_OUT_CHOICE_KEY)).toBeNull())
  })

  it('takes the profile’s language when none was chosen while signed out', () => {
    const sent = routeFetch({})
    const profile = teacherProfile({ locale: 'en' })
    signInAs(profile)
    renderScreen('/dashboard', '/dashboard', <SignedIn profile={profile} />)
    expect(shown()).toBe('en')
    expect(sent).toEqual([])
  })
})
