// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession } from '../../api/session.ts'
import { activateLocale } from '../../config/i18n.ts'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { CalendarFeedCard } from './calendar-feed-card.tsx'

// The address is shown once, right after it is made; a new one or turning the feed off asks first.

const URL_ = 'http://lektorium.test/api/v1/calendar-feeds/lessons.ics?token=abc'

describe('the calendar feed card', () => {
  beforeEach(() => {
    activateLocale('pl')
    signInAs(studentProfile())
  })
  afterEach(() => {
    cleanup()
    clearSession()
    vi.unstubAllGlobals()
  })

  it('makes an address and shows it to copy, once', async () => {
    const sent = routeFetch({
      'GET /api/v1/calendar-feeds/show': { status: 200, body: { data: { created_at: null } } },
      'POST /api/v1/calendar-feeds/create': {
        status: 201,
        body: { data: { created_at: '2026-11-26T10:00:00.000Z', url: URL_ } },
      },
    })
    renderScreen('/', '/', <CalendarFeedCard />)
    fireEvent.click(await screen.findByRole('button', { name: 'Utwórz adres kalendarza' }))
    const address = await screen.findByRole('textbox', { name: 'Prywatny adres kalendarza' })
    expect((address as HTMLInputElement).value).toBe(URL_)
    expect(screen.getByRole('button', { name: 'Kopiuj adres' })).toBeTruthy()
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/v1/calendar-feeds/create',
    ])
  })

  it('does not show an existing address again, and asks before turning it off', async () => {
    const sent = routeFetch({
      'GET /api/v1/calendar-feeds/show': {
        status: 200,
        body: { data: { created_at: '2026-11-20T10:00:00.000Z' } },
      },
      'POST /api/v1/calendar-feeds/delete': { status: 200, body: { data: { created_at: null } } },
    })
    renderScreen('/', '/', <CalendarFeedCard />)
    expect(await screen.findByText(/Adres kalendarza utworzono 20\.11\.2026/)).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Wyłącz' }))
    expect(
      screen.getByText('Adres przestanie działać, a kalendarze z nim przestaną pokazywać lekcje.'),
    ).toBeTruthy()
    expect(sent.some((r) => r.method === 'POST')).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Wyłącz adres' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Utwórz adres kalendarza' })).toBeTruthy())
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/v1/calendar-feeds/delete',
    ])
  })
})
