// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { signInAsOperator } from '../../test-support/operator-session.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { LackOfSlotsScreen } from './lack-of-slots-screen.tsx'

const LIST = 'GET /api/v1/admin/lack_of_slots/index'
const HANDLE = 'POST /api/v1/admin/lack_of_slots/handle'
const FIRST = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'
const SECOND = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'

const request = (id: string, name: string, handled = false) => ({
  id,
  created_at: '2026-11-25T09:00:00.000Z',
  student: {
    id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    name,
    email: `${id.slice(0, 4)}@example.com`,
    phone_number: '+48 600 100 200',
  },
  taught_language: 'English',
  teaching_language: 'Polish',
  level: 'B1',
  specialization: null,
  date: '2026-12-02',
  hour: '18:15',
  handled_at: handled ? '2026-11-26T08:00:00.000Z' : null,
  handled_by: handled ? { id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', email: 'operator@example.com' } : null,
})
const group = {
  key: { taught_language: 'English', level: 'B1', hour: '18' },
  count: 2,
  unhandled: 2,
  teaching_languages: ['Polish'],
  first_at: '2026-11-24T09:00:00.000Z',
  last_at: '2026-11-25T09:00:00.000Z',
  latest: [request(FIRST, 'Ola Wiśniewska'), request(SECOND, 'Piotr Zieliński')],
}
// The console names languages from the dictionary in its own language; the reports carry English.
const LANGUAGES = {
  'GET /api/v1/languages/list': {
    status: 200,
    body: {
      data: [
        { id: 1, name: 'English', name_pl: 'angielski', conjugated_name: 'angielskiego' },
        { id: 2, name: 'Polish', name_pl: 'polski', conjugated_name: 'polskiego' },
      ],
    },
  },
}
const page = (groups: unknown[]) => ({ status: 200, body: { data: { groups, page: 1, has_more: false } } })
const show = (path = '/admin/lack-of-slots') =>
  renderScreen(path, '/admin/lack-of-slots', <LackOfSlotsScreen />)

describe('the console’s lack-of-slots requests', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAsOperator()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('groups the requests by language, level and hour, with counts and the latest ones', async () => {
    const sent = routeFetch({ ...LANGUAGES, [LIST]: page([group]) })
    show()
    const card = await screen.findByRole('article', { name: 'Angielski B1, 18:00–18:59' })
    expect(sent.find((r) => r.path.endsWith('/index'))?.query).toBe('?handled=unhandled&page=1&per_page=20')
    expect(within(card).getByText('Czeka: 2')).toBeTruthy()
    expect(
      within(card).getByText(/Zgłoszenia: 2, ostatnie 25\.11\.2026 10:00\. Nauka w języku: Polski\./),
    ).toBeTruthy()
    const requests = within(card).getByRole('list', { name: 'Najnowsze zgłoszenia' })
    expect(within(requests).getAllByRole('listitem')).toHaveLength(2)
    expect(within(requests).getAllByText('chce 02.12.2026 18:15')).toHaveLength(2)
  })

  it('marks chosen requests handled by id, and a whole group up to when it was seen', async () => {
    const sent = routeFetch({
      ...LANGUAGES,
      [LIST]: page([group]),
      [HANDLE]: (r) => ({
        status: 200,
        body: { data: { handled: 'ids' in (r.body as object) ? 1 : 2, ids: [FIRST] } },
      }),
    })
    show()
    const card = await screen.findByRole('article', { name: 'Angielski B1, 18:00–18:59' })
    const chosen = within(card).getByRole('button', { name: 'Oznacz zaznaczone (0)' })
    expect(chosen).toHaveProperty('disabled', true)
    fireEvent.click(within(card).getByRole('checkbox', { name: /Ola Wiśniewska/ }))
    fireEvent.click(within(card).getByRole('button', { name: 'Oznacz zaznaczone (1)' }))
    await waitFor(() => expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ ids: [FIRST] }))
    expect(await screen.findByText(/Oznaczono jako obsłużone: 1\./)).toBeTruthy()

    fireEvent.click(within(card).getByRole('button', { name: 'Oznacz całą grupę jako obsłużoną' }))
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(2))
    const body = sent.filter((r) => r.method === 'POST')[1]?.body as { group: unknown; until: string }
    expect(body.group).toEqual({ taught_language: 'English', level: 'B1', hour: '18' })
    // wall clock: the screen stamps "handled until" with the browser's present
    expect(Date.parse(body.until)).toBeLessThanOrEqual(Date.now())
    expect(await screen.findByText(/Oznaczono jako obsłużone: 2\./)).toBeTruthy()
  })

  it('filters by handled and by language through the address', async () => {
    const done = { ...group, unhandled: 0, latest: [request(FIRST, 'Ola Wiśniewska', true)], count: 1 }
    const sent = routeFetch({
      [LIST]: (r) => (r.query.includes('handled=handled') ? page([done]) : page([])),
    })
    show()
    expect(await screen.findByText('Nic nie czeka. Wszystkie zgłoszenia są obsłużone.')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'Obsłużone' }))
    const card = await screen.findByRole('article')
    expect(within(card).getByText(/Obsłużone 26\.11\.2026 09:00 \(operator@example.com\)/)).toBeTruthy()
    expect(within(card).queryByRole('checkbox')).toBeNull()
    fireEvent.click(within(card).getByRole('button', { name: 'Tylko English' }))
    await waitFor(() =>
      expect(sent.at(-1)?.query).toBe('?handled=handled&page=1&per_page=20&taught_language=English'),
    )
  })
})
