// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { adminLesson, LESSON_ID, STUDENT, TEACHER } from '../../test-support/admin-lesson-fixture.ts'
import { signInAsOperator } from '../../test-support/operator-session.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { LessonsScreen } from './lessons-screen.tsx'

const LIST = 'GET /api/v1/admin/lessons/index'
const page = (lessons: unknown[], has_more = false, n = 1) => ({
  status: 200,
  body: { data: { lessons, page: n, has_more } },
})
const show = (path = '/admin/lessons') => renderScreen(path, '/admin/lessons', <LessonsScreen />)

describe('the console’s lessons', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAsOperator()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('asks for the filters of the address and lists each lesson with its parties and status', async () => {
    const sent = routeFetch({ [LIST]: page([adminLesson({ open_absence_reports: 1 })]) })
    show(
      `/admin/lessons?from=2099-12-01&to=2099-12-07&teacher=${TEACHER.id}&teacher_name=Anna&status=scheduled`,
    )
    const link = await screen.findByRole('link', { name: '01.12.2099 18:00–18:45' })
    expect(link.getAttribute('href')).toBe(`/admin/lessons/${LESSON_ID}`)
    const query = new URLSearchParams(sent[0]?.query)
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      per_page: '25',
      date_from: '2099-12-01',
      date_to: '2099-12-07',
      teacher_id: TEACHER.id,
      status: 'scheduled',
    })
    // The address's days show as the app writes dates (dd.mm.yyyy), with a button to clear them.
    expect((screen.getByLabelText('Od dnia') as HTMLInputElement).value).toBe('01.12.2099')
    expect((screen.getByLabelText('Do dnia') as HTMLInputElement).value).toBe('07.12.2099')
    expect(screen.getAllByRole('button', { name: 'Wyczyść datę' })).toHaveLength(2)
    const row = link.closest('tr')
    if (!row) throw new Error('no row')
    expect(within(row).getByText('Angielski B1')).toBeTruthy()
    expect(within(row).getByText(TEACHER.name)).toBeTruthy()
    expect(within(row).getByText(STUDENT.name)).toBeTruthy()
    expect(within(row).getByText('Partner SA')).toBeTruthy()
    expect(within(row).getByText('Zaplanowana')).toBeTruthy()
    expect(within(row).getByText('Zgłoszenia nieobecności: 1')).toBeTruthy()
  })

  it('says so when nothing matches, and applies new filters from the first page', async () => {
    const sent = routeFetch({ [LIST]: page([]) })
    show('/admin/lessons?page=3')
    expect(await screen.findByText('Na tej stronie nie ma już lekcji.')).toBeTruthy()
    // Days are typed as dd.mm.yyyy (the app's date field, not the browser's), whatever the browser.
    fireEvent.change(screen.getByLabelText('Od dnia'), { target: { value: '10.12.2099' } })
    fireEvent.change(screen.getByLabelText('Do dnia'), { target: { value: '1.12.2099' } })
    fireEvent.click(screen.getByRole('button', { name: 'Filtruj' }))
    // A range that ends before it starts is refused on the field, nothing is sent.
    expect(await screen.findByText('Koniec zakresu jest przed początkiem')).toBeTruthy()
    expect(sent).toHaveLength(1)
    // Half a date is named on the field, and nothing is sent either.
    fireEvent.change(screen.getByLabelText('Do dnia'), { target: { value: '31.12' } })
    fireEvent.click(screen.getByRole('button', { name: 'Filtruj' }))
    expect(await screen.findByText('Podaj datę jako dd.mm.rrrr')).toBeTruthy()
    expect(sent).toHaveLength(1)
    fireEvent.change(screen.getByLabelText('Do dnia'), { target: { value: '31.12.2099' } })
    fireEvent.click(screen.getByRole('button', { name: 'Filtruj' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]?.query).toContain('page=1&')
    expect(sent[1]?.query).toContain('date_from=2099-12-10')
    expect(sent[1]?.query).toContain('date_to=2099-12-31')
    expect(await screen.findByText('Brak lekcji dla tych filtrów.')).toBeTruthy()
  })

  it('keeps a day typed while the list is still loading', async () => {
    const sent = routeFetch({ [LIST]: page([]) })
    show()
    fireEvent.change(screen.getByLabelText('Od dnia'), { target: { value: '10.12.2099' } })
    expect(await screen.findByText('Brak lekcji dla tych filtrów.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Filtruj' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]?.query).toContain('date_from=2099-12-10')
  })

  it('pages on while the server says there is more', async () => {
    const sent = routeFetch({
      [LIST]: (request) =>
        request.query.includes('page=2&')
          ? page([adminLesson({ id: '55555555-5555-4555-8555-555555555555', status: 'finished' })], false, 2)
          : page([adminLesson()], true),
    })
    show()
    await screen.findByRole('table', { name: 'Lekcje' })
    expect(screen.getByRole('button', { name: 'Poprzednia' })).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Następna' }))
    const table = await screen.findByRole('table', { name: 'Lekcje' })
    await waitFor(() => expect(within(table).getByText('Zakończona')).toBeTruthy())
    expect(sent.at(-1)?.query).toContain('page=2')
    expect(screen.getByRole('button', { name: 'Następna' })).toHaveProperty('disabled', true)
  })

  it('shows the error with a retry', async () => {
    let calls = 0
    routeFetch({
      [LIST]: () => {
        calls += 1
        return calls === 1
          ? { status: 403, body: { error: 'Forbidden', code: 'forbidden' } }
          : page([adminLesson()])
      },
    })
    show()
    expect((await screen.findByRole('alert')).textContent).toContain('Nie masz uprawnień')
    fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }))
    expect(await screen.findByRole('table', { name: 'Lekcje' })).toBeTruthy()
  })

  it('shows a card per lesson on a phone (375 px), each party named', async () => {
    // A phone: the wide-screen query does not match.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }))
    routeFetch({ [LIST]: page([adminLesson()]) })
    show()
    const card = await screen.findByRole('listitem')
    expect(screen.queryByRole('table')).toBeNull()
    expect(within(card).getByRole('link', { name: '01.12.2099 18:00–18:45' })).toBeTruthy()
    expect(within(card).getByText('Lektor: Anna Nowak')).toBeTruthy()
    expect(within(card).getByText('Kursant: Jan Kowalski (Partner SA)')).toBeTruthy()
  })

  it('speaks English when the console does', async () => {
    activateLocale('en')
    routeFetch({ [LIST]: page([adminLesson({ status: 'cancelled' })]) })
    show()
    const table = await screen.findByRole('table', { name: 'Lessons' })
    expect(screen.getByRole('heading', { name: 'Lessons' })).toBeTruthy()
    expect(within(table).getByText('English B1')).toBeTruthy()
    expect(within(table).getByText('Cancelled')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Filter' })).toBeTruthy()
  })

  it('finds a student by name on the server to filter by', async () => {
    const sent = routeFetch({
      [LIST]: page([]),
      'GET /api/v1/admin/students/index': {
        status: 200,
        body: { data: { items: [studentRow()], page: 1, has_more: false } },
      },
    })
    show()
    await screen.findByText('Brak lekcji dla tych filtrów.')
    const picker = screen.getByLabelText('Kursant', { selector: 'input' })
    // Mantine takes a change to an input without focus for the browser's autofill.
    act(() => picker.focus())
    fireEvent.change(picker, { target: { value: 'Kowal' } })
    const option = await screen.findByRole('option', {
      name: `Jan Kowalski (${STUDENT.email})`,
      hidden: true,
    })
    expect(sent.find((r) => r.path.endsWith('/students/index'))?.query).toContain('q=Kowal')
    fireEvent.click(option)
    fireEvent.click(screen.getByRole('button', { name: 'Filtruj' }))
    await waitFor(() => expect(sent.at(-1)?.query).toContain(`student_id=${STUDENT.id}`))
  })
})

function studentRow() {
  return {
    id: STUDENT.id,
    email: STUDENT.email,
    first_name: 'Jan',
    last_name: 'Kowalski',
    status: 'active',
    locale: 'pl',
    created_at: '2026-01-01T00:00:00.000Z',
    registration_completed: true,
    human_access: true,
    ai_access: false,
    only_group_lessons: false,
    active_until: null,
    expired: false,
    company_name: null,
    warned_at: null,
    banned_until: null,
    scheduled_lessons_limit: 8,
    invitation: { state: 'accepted', sent_at: null, expires_at: null },
  }
}
