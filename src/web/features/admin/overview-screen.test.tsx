// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { signInAsOperator } from '../../test-support/operator-session.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { OverviewScreen } from './overview-screen.tsx'

const OVERVIEW = 'GET /api/v1/admin/overview'
const week = (week_start: string, iso_week: string, bookings: number) => ({
  week_start,
  iso_week,
  bookings,
  cancellations: 3,
  late_cancellations: 1,
  school_cancellations: 1,
  absences: 1,
  absence_reports: 2,
  ai_messages: 40,
  ai_students: 5,
})
const teacher = (id: string, name: string, share: number, booked: number, published: number) => ({
  teacher: { id, name, email: `${name.split(' ')[0]?.toLowerCase()}@example.com` },
  published_slots: published,
  booked_slots: booked,
  published_hours: published * 0.75,
  booked_hours: booked * 0.75,
  share,
})
const answer = {
  status: 200,
  body: {
    data: {
      weeks: [week('2026-11-16', '2026-W47', 10), week('2026-11-23', '2026-W48', 14)],
      cancellation_earliness: 24,
      period: { date_from: '2026-11-16', date_to: '2026-11-29' },
      teachers: [
        teacher('11111111-1111-4111-8111-111111111111', 'Anna Nowak', 0.25, 2, 8),
        teacher('22222222-2222-4222-8222-222222222222', 'Ewa Lis', 0.9, 9, 10),
      ],
    },
  },
}
const show = (path = '/admin/overview') => renderScreen(path, '/admin/overview', <OverviewScreen />)

describe('the console’s overview', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAsOperator()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('gives every week’s numbers and the teachers’ booked shares, fullest first', async () => {
    const sent = routeFetch({ [OVERVIEW]: answer })
    show()
    const weeks = await screen.findByRole('table', { name: 'Liczby tygodni' })
    expect(sent[0]?.query).toBe('?weeks=12')
    const rows = within(weeks).getAllByRole('row').slice(1)
    // The newest week first.
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('od 23.112026-W48')
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['14', '3', '1', '1', '1 (2)', '40 (5)'])
    expect(screen.getByText(/mniej niż 24 h przed lekcją/)).toBeTruthy()
    const shares = screen.getByRole('table', { name: 'Obłożenie lektorów' })
    expect(screen.getByText('Zarezerwowana część opublikowanych godzin, 16.11.2026–29.11.2026.')).toBeTruthy()
    const names = within(shares)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent)
    expect(names).toEqual(['Ewa Lisewa@example.com', 'Anna Nowakanna@example.com'])
    expect(within(shares).getByText('90%')).toBeTruthy()
    expect(within(shares).getByText('6,8 z 7,5 h')).toBeTruthy()
  })

  it('asks for the chosen weeks and the teachers’ period, refusing a period that ends before it starts', async () => {
    const sent = routeFetch({ [OVERVIEW]: answer })
    show('/admin/overview?weeks=26')
    await screen.findByRole('table', { name: 'Liczby tygodni' })
    expect(sent[0]?.query).toBe('?weeks=26')
    fireEvent.change(screen.getByLabelText('Obłożenie od dnia'), { target: { value: '20.11.2026' } })
    fireEvent.click(screen.getByRole('button', { name: 'Pokaż okres' }))
    expect(await screen.findAllByText('Podaj oba dni albo żaden')).toHaveLength(1)
    fireEvent.change(screen.getByLabelText('do dnia'), { target: { value: '01.11.2026' } })
    expect(await screen.findByText('Koniec zakresu jest przed początkiem')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Pokaż okres' }))
    expect(sent).toHaveLength(1)
    fireEvent.change(screen.getByLabelText('do dnia'), { target: { value: '30.11.2026' } })
    fireEvent.click(screen.getByRole('button', { name: 'Pokaż okres' }))
    await waitFor(() => expect(sent.at(-1)?.query).toBe('?weeks=26&date_from=2026-11-20&date_to=2026-11-30'))
  })

  it('shows the error with a retry', async () => {
    routeFetch({ [OVERVIEW]: { status: 403, body: { error: 'Forbidden', code: 'forbidden' } } })
    show()
    expect((await screen.findByRole('alert')).textContent).toContain('Nie masz uprawnień')
  })
})
