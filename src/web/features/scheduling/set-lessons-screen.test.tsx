// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSession } from '../../api/session.ts'
import { activateLocale } from '../../config/i18n.ts'
import { theme } from '../../config/theme.ts'
import { clearTimetableMirror, saveTimetable } from '../../offline/timetable-mirror.ts'
import {
  baseAnswers,
  fakeApi,
  STUDENT,
  searchPage,
  slotId,
  TEACHER_ID,
  timetable,
} from '../../test-support/scheduling-test-server.ts'
import { SetLessonsScreen } from './set-lessons-screen.tsx'

function renderAt(search: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const router = createMemoryRouter([{ path: '/dashboard/set-lessons', element: <SetLessonsScreen /> }], {
    initialEntries: [`/dashboard/set-lessons${search}`],
  })
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>,
  )
  return router
}

const slot = (time: string) => screen.getByRole('button', { name: new RegExp(`, ${time}`) })

describe('the set-lessons screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'))
    activateLocale('pl')
    localStorage.clear()
    startSession({
      id: STUDENT.id,
      role: 'student',
      token: 'test-token',
      email: STUDENT.email,
      registration_completed: true,
      only_group_lessons: false,
      expires_at: '2099-01-01T00:00:00.000Z',
    })
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it("searches in the student's first learned language and opens a teacher's week in the URL", async () => {
    const sent = fakeApi(baseAnswers())
    const router = renderAt('?from=14:00')
    fireEvent.click(await screen.findByRole('button', { name: 'Pokaż terminy: Anna Nowak' }))
    const search = sent.find(
      (request) => request.path === '/teachers/search' && request.query.get('language_id'),
    )
    expect(search?.query.get('language_id')).toBe('2')
    expect(search?.query.get('time')).toBe('{"from":"12:00","to":"16:00"}')
    expect(router.state.location.search).toContain(`teacher=${TEACHER_ID}`)
    expect(await screen.findByRole('heading', { name: /środa 25\.11/i })).toBeTruthy()
    const show = sent.find((request) => request.path === '/teachers/timetables/show')
    expect([show?.query.get('date_from'), show?.query.get('date_to')]).toEqual(['2026-11-23', '2026-11-29'])
  })

  // "Najbliższy wolny termin" led to a teacher who refuses the student.
  it('does not offer a teacher who refuses the student as bookable, and says why', async () => {
    const refusing = { ...searchPage.data[0], not_accepting_new_students: true, next_free_slot: null }
    fakeApi({
      ...baseAnswers(),
      '/teachers/search': { status: 200, body: { ...searchPage, data: [refusing] } },
    })
    renderAt('')
    expect(
      await screen.findByText(/^Lekcje mogą tu umawiać tylko kursanci dodani przez lektora\./),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Pokaż terminy: Anna Nowak' })).toBeNull()
    const profileLink = screen.getByRole('link', { name: 'Zobacz profil: Anna Nowak' })
    expect(profileLink.getAttribute('href')).toBe(`/dashboard/teacher/${TEACHER_ID}`)
  })

  it('says when no teacher matches and suggests widening the filters', async () => {
    fakeApi({
      ...baseAnswers(),
      '/teachers/search': {
        status: 200,
        body: { data: [], currentPage: 1, lastPage: 1, perPage: 10, total: 0 },
      },
    })
    renderAt('')
    expect(await screen.findByText('Żaden lektor nie pasuje do filtrów')).toBeTruthy()
  })

  // An expired student met every teacher's "no free slots" and was never told.
  it('tells a student whose account has expired so, in place of the teachers', async () => {
    const expired = { ...STUDENT, active_until: '2026-11-23' }
    fakeApi({ ...baseAnswers(), '/students/me': { status: 200, body: { data: expired } } })
    renderAt(`?teacher=${TEACHER_ID}`)
    expect(await screen.findByText('Twoje konto wygasło 23.11.2026')).toBeTruthy()
    expect(screen.getByText(/^Nie można umawiać lekcji po wygaśnięciu konta\./)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Moje lekcje' }).getAttribute('href')).toBe(
      '/dashboard/my-lessons',
    )
    expect(screen.queryByRole('region', { name: 'Filtry' })).toBeNull()
    expect(screen.queryByRole('group', { name: 'Wybór tygodnia' })).toBeNull()
  })

  it('tells a student whose account ends within the two weeks until when they can book', async () => {
    const ending = { ...STUDENT, active_until: '2026-11-27' }
    fakeApi({ ...baseAnswers(), '/students/me': { status: 200, body: { data: ending } } })
    renderAt('')
    expect(await screen.findByText('Twoje konto jest aktywne do 27.11.2026')).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Pokaż terminy: Anna Nowak' })).toBeTruthy()
  })

  it('books two slots with an Idempotency-Key, then clears the selection and reloads the week', async () => {
    let created = false
    const sent = fakeApi({
      ...baseAnswers(),
      '/lessons/create': () => {
        created = true
        return { status: 201, body: { data: { lessons: [] } } }
      },
      '/teachers/timetables/show': () => ({
        status: 200,
        body: { data: timetable(created ? { scheduled_lessons_count: 2 } : {}) },
      }),
    })
    renderAt(`?teacher=${TEACHER_ID}&level=4`)
    fireEvent.click(await screen.findByRole('button', { name: /, 08:00/ }))
    fireEvent.click(slot('18:00'))
    expect(slot('10:00').getAttribute('data-faded')).toBe('true')
    fireEvent.click(slot('10:00'))
    expect(
      screen.getAllByText('Osiągnięto limit: możesz mieć naraz najwyżej 2 zaplanowane lekcje.').length,
    ).toBeGreaterThan(0)
    expect(
      within(screen.getByRole('list', { name: 'Wybrane terminy' })).getAllByRole('listitem'),
    ).toHaveLength(2)

    fireEvent.click(screen.getByRole('button', { name: 'Umów wybrane terminy' }))
    const dialog = await screen.findByRole('dialog')
    // The dialog mounts with the first Book and reads the dictionaries then (in the app the
    // dashboard has them already): its preset shows once they are here.
    expect(await within(dialog).findByDisplayValue('B2')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Umów lekcje' }))
    await waitFor(() => expect(sent.some((request) => request.path === '/lessons/create')).toBe(true))
    const create = sent.find((request) => request.path === '/lessons/create')
    expect(create?.body).toEqual({
      teacher_id: TEACHER_ID,
      language_id: 2,
      level_id: 4,
      time_slot_ids: [slotId(1), slotId(4)],
    })
    expect(create?.headers.get('idempotency-key')).toMatch(/^[\w-]{8,}$/)
    expect(await screen.findByText('Wybierz wolne terminy w kalendarzu.')).toBeTruthy()
    await waitFor(() =>
      expect(sent.filter((r) => r.path === '/teachers/timetables/show').length).toBeGreaterThan(1),
    )
  })

  it('keeps the dialog open with the limit text and reuses the key only after a lost connection', async () => {
    const outcomes: ('network-error' | { status: number; body: unknown })[] = [
      'network-error',
      {
        status: 422,
        body: { error: 'Limit of 2 lessons scheduled at once', code: 'lesson_limit', params: { limit: '2' } },
      },
    ]
    const sent = fakeApi({ ...baseAnswers(), '/lessons/create': () => outcomes.shift() ?? 'network-error' })
    renderAt(`?teacher=${TEACHER_ID}&level=4`)
    fireEvent.click(await screen.findByRole('button', { name: /, 08:00/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Umów wybrane terminy' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByDisplayValue('B2')).toBeTruthy()
    const confirm = within(dialog).getByRole('button', { name: 'Umów lekcje' })
    fireEvent.click(confirm)
    expect(await within(dialog).findByRole('alert')).toBeTruthy()
    fireEvent.click(confirm)
    expect(await within(dialog).findByText('Osiągnięto limit lekcji zaplanowanych naraz: 2')).toBeTruthy()
    const keys = sent.filter((r) => r.path === '/lessons/create').map((r) => r.headers.get('idempotency-key'))
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBe(keys[1])
  })

  it('covers the week with the not-accepting overlay', async () => {
    fakeApi({
      ...baseAnswers(),
      '/teachers/timetables/show': {
        status: 200,
        body: { data: timetable({ not_accepting_new_students: true }) },
      },
    })
    renderAt(`?teacher=${TEACHER_ID}`)
    expect(await screen.findByText('Lektor obecnie nie przyjmuje nowych kursantów')).toBeTruthy()
    expect(slot('08:00').closest('[inert]')).not.toBeNull()
    expect(screen.getByRole('button', { name: 'Umów wybrane terminy' }).hasAttribute('disabled')).toBe(true)
  })

  it('shows the no-vacancy message for a week without slots', async () => {
    const empty = timetable()
    fakeApi({
      ...baseAnswers(),
      '/teachers/timetables/show': {
        status: 200,
        body: { data: { ...empty, timetable: empty.timetable.map((day) => ({ ...day, slots: [] })) } },
      },
    })
    renderAt(`?teacher=${TEACHER_ID}&week=2026-11-30`)
    expect(await screen.findByText('Brak wolnych terminów w tym tygodniu.')).toBeTruthy()
    expect(screen.getByText('Następny tydzień', { selector: 'p' })).toBeTruthy()
  })

  // The current week (23.11) is full; the next (30.11) has Monday 16:45 free, Monday 09:00 already
  // taken, and nothing free on Tuesday, where the student already has a lesson.
  it('points an empty week to the nearest free slot, opens its week on it, and keeps the wait offer', async () => {
    const week = timetable()
    const full = { ...week, timetable: week.timetable.map((day) => ({ ...day, slots: [] })) }
    const make = (n: number, time: string, available: boolean) => ({
      id: slotId(n),
      time,
      available,
      scheduled: false,
      missed: false,
    })
    const next = {
      ...week,
      timetable: [
        {
          date: '2026-11-30',
          slots: [make(7, '16:45', true), make(6, '09:00', false)],
          has_own_lesson: false,
        },
        { date: '2026-12-01', slots: [make(8, '08:00', true)], has_own_lesson: true },
      ],
    }
    fakeApi({
      ...baseAnswers(),
      '/teachers/timetables/show': (query) => ({
        status: 200,
        body: { data: query.get('date_from') === '2026-11-30' ? next : full },
      }),
      '/waitlist/index': { status: 200, body: { data: [] } },
    })
    const router = renderAt(`?teacher=${TEACHER_ID}`)
    expect(await screen.findByText('Brak wolnych terminów w tym tygodniu.')).toBeTruthy()
    expect(await screen.findByText('Najbliższy wolny termin: poniedziałek 30.11, 16:45')).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Powiadom mnie o wolnym terminie' })).toBeTruthy()
    fireEvent.click(
      screen.getByRole('button', { name: 'Pokaż najbliższy wolny termin: poniedziałek 30.11, 16:45' }),
    )
    await waitFor(() => expect(router.state.location.search).toContain('week=2026-11-30'))
    await waitFor(() => expect(document.activeElement).toBe(slot('16:45')))
  })

  it('shows the offline copy of the week, marked as possibly stale, with booking disabled', async () => {
    await clearTimetableMirror()
    const savedAt = Date.parse('2026-11-24T08:30:00Z')
    await saveTimetable(
      { userId: STUDENT.id, teacherId: TEACHER_ID, weekStart: '2026-11-23' },
      timetable(),
      savedAt,
    )
    fakeApi({ ...baseAnswers(), '/teachers/timetables/show': 'network-error' })
    renderAt(`?teacher=${TEACHER_ID}&level=4`)
    expect(
      await screen.findByText(/Jesteś offline\. Dane z 24\.11\.2026 09:30 mogą być nieaktualne/),
    ).toBeTruthy()
    fireEvent.click(slot('08:00'))
    expect(slot('08:00').getAttribute('aria-pressed')).toBe('false')
    expect(slot('08:00').getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByRole('button', { name: 'Umów wybrane terminy' }).hasAttribute('disabled')).toBe(true)
  })

  it('says the week could not be loaded when offline without a saved copy', async () => {
    await clearTimetableMirror()
    fakeApi({ ...baseAnswers(), '/teachers/timetables/show': 'network-error' })
    renderAt(`?teacher=${TEACHER_ID}`)
    expect(await screen.findByText('Nie udało się wczytać terminów')).toBeTruthy()
  })
})
