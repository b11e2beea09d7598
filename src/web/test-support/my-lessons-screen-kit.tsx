// Shared by the my-lessons screen's tests (my-lessons-screen*.test.tsx): the fixtures, the screen
// rendered with a location probe, its parts, and the clock and locale each test starts from.
import type { QueryClient } from '@tanstack/react-query'
import { cleanup, screen } from '@testing-library/react'
import { useLocation } from 'react-router-dom'
import { afterEach, beforeEach, vi } from 'vitest'
import type { Profile } from '../../domain/api/profile.ts'
import { activateLocale } from '../config/i18n.ts'
import { MyLessonsScreen } from '../features/my-lessons/my-lessons-screen.tsx'
import { renderScreen } from '../test-utils.tsx'
import { lessonFixture, lessonId, pageOf } from './lesson-fixture.ts'
import type { Answer } from './test-fetch.ts'
import { signInAs } from './test-session.ts'

export const API = '/api/v1'
export const SCHEDULED = `GET ${API}/lessons/list_scheduled`
export const FINISHED = `GET ${API}/lessons/list_finished`
export const GROUP = `GET ${API}/lessons/list_group`

// Tuesday 24 November 2026, 08:00 Poland time.
export const NOW = new Date('2026-11-24T07:00:00Z')
// Today 08:10–08:55 Poland time: Join is open (it opened at 07:55).
export const soon = lessonFixture({
  id: lessonId(2),
  scheduled_at: '2026-11-24T07:10:00.000Z',
  ends_at: '2026-11-24T07:55:00.000Z',
})
// Wednesday 25.11, 08:00–08:45 Poland time: Join opens at 07:45 tomorrow.
export const tomorrow = lessonFixture()

export function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{location.search}</output>
}

export function show(profile: Profile, path = '/dashboard/my-lessons', queryClient?: QueryClient) {
  signInAs(profile)
  return renderScreen(
    path,
    '/dashboard/my-lessons',
    <>
      <MyLessonsScreen profile={profile} />
      <LocationProbe />
    </>,
    queryClient,
  )
}

export const rows = () => screen.getAllByTestId('lesson')
export const calendarNav = () => screen.getByRole('group', { name: 'Nawigacja kalendarza' })
export const calendar = () => screen.getByRole('tabpanel')
export const search = () => screen.getByTestId('location').textContent ?? ''
export const noGroup: Answer = { status: 200, body: pageOf([]) }

export function phone(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }))
}

/** Tuesday 24 November 2026, 08:00 Poland time, in Polish, with nothing stored: before each test. */
export function startEachAtNow() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })
}
