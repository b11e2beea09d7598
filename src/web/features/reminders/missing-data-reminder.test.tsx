// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { teacherProfile } from '../../test-support/profile-fixture.ts'
import { renderScreen } from '../../test-utils.tsx'
import { MissingDataReminder } from './missing-data-reminder.tsx'

const noBank = teacherProfile({ iban: null, address: null })

describe('MissingDataReminder on my-lessons', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(cleanup)

  it('shows once a day, with a way to the profile', async () => {
    renderScreen('/dashboard/my-lessons', '/dashboard/my-lessons', <MissingDataReminder profile={noBank} />)
    expect(await screen.findByRole('dialog', { name: 'Uzupełnij dane bankowe' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Przejdź do profilu' }).getAttribute('href')).toBe(
      '/dashboard/profile',
    )
    cleanup()
    renderScreen('/dashboard/my-lessons', '/dashboard/my-lessons', <MissingDataReminder profile={noBank} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('does not show on other screens', () => {
    renderScreen('/dashboard/profile', '/dashboard/profile', <MissingDataReminder profile={noBank} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
