// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { renderScreen } from '../../test-utils.tsx'
import { ProfileNotices } from './profile-notices.tsx'

describe('the profile notes driven by the completeness checks', () => {
  beforeEach(() => activateLocale('pl'))
  afterEach(cleanup)

  it('asks a teacher without bank data to fill it in, and opens the bank dialog', () => {
    const onOpen = vi.fn()
    renderScreen(
      '/',
      '/',
      <ProfileNotices profile={teacherProfile({ iban: null })} target={null} onOpen={onOpen} />,
    )
    expect(screen.getByText('Bez numeru konta i adresu nie możemy wypłacać Ci wynagrodzenia.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Uzupełnij dane bankowe' }))
    expect(onOpen).toHaveBeenCalledWith('bank')
  })

  it('shows nothing when the profile is complete', () => {
    renderScreen(
      '/',
      '/',
      <ProfileNotices profile={studentProfile()} target={null} onOpen={() => undefined} />,
    )
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByText(/Uzupełnij/)).toBeNull()
  })

  it('explains a redirect: no human access means contacting the school', () => {
    renderScreen(
      '/',
      '/',
      <ProfileNotices
        profile={studentProfile({ human_access: false })}
        target="set-lessons"
        onOpen={() => undefined}
      />,
    )
    expect(screen.getByText('Zanim umówisz lekcję')).toBeTruthy()
    expect(
      screen.getByText(
        'Aby umówić lekcję, potrzebujesz dostępu do lekcji z lektorem — skontaktuj się ze szkołą.',
      ),
    ).toBeTruthy()
  })

  it('lists missing personal data once, inside the redirect note', () => {
    renderScreen(
      '/',
      '/',
      <ProfileNotices
        profile={studentProfile({ phone_number: null })}
        target="my-lessons"
        onOpen={() => undefined}
      />,
    )
    expect(screen.getAllByRole('button', { name: 'Uzupełnij dane osobowe' })).toHaveLength(1)
  })
})
