// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../domain/api/profile.ts'
import { activateLocale } from '../../app/i18n.ts'
import {
  finishedLessonFixture,
  lessonFixture,
  lessonId,
  pageOf,
  scheduledAnswer,
  teacherLessonFixture,
} from '../../test-support/lesson-fixture.ts'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { type Answer, routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { MyLessonsScreen } from './my-lessons-screen.tsx'

const API = '/api/v1'
const SCHEDULED = `GET ${API}/lessons/list_scheduled`
const FINISHED = `GET ${API}/lessons/list_finished`
const GROUP = `GET ${API}/lessons/list_group`

// Tuesday 24 November 2026, 08:00 Poland time.
const NOW = new Date('2026-11-24T07:00:00Z')
// Today 08:10–08:55 Poland time: Join is open (it opened at 07:55).
const soon = lessonFixture({
  id: lessonId(2),
  scheduled_at: '2026-11-24T07:10:00.000Z',
  ends_at: '2026-11-24T07:55:00.000Z',
})
// Wednesday 25.11, 08:00–08:45 Poland time: Join opens at 07:45 tomorrow.
const tomorrow = lessonFixture()

function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{location.search}</output>
}

function show(profile: Profile, path = '/dashboard/my-lessons') {
  signInAs(profile)
  return renderScreen(
    path,
    '/dashboard/my-lessons',
    <>
      <MyLessonsScreen profile={profile} />
      <LocationProbe />
    </>,
  )
}

const rows = () => screen.getAllByTestId('lesson')
const calendarNav = () => screen.getByRole('group', { name: 'Nawigacja kalendarza' })
const calendar = () => screen.getByRole('tabpanel')
const search = () => screen.getByTestId('location').textContent ?? ''
const noGroup: Answer = { status: 200, body: pageOf([]) }

function phone(matches: boolean) {
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

describe('my-lessons (spec §2, §4)', () => {
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

  it('shows each lesson with Poland time, teacher, language and level, status, and Join only in its window', async () => {
    routeFetch({ [SCHEDULED]: scheduledAnswer([tomorrow, soon]), [GROUP]: noGroup })
    show(studentProfile())
    expect(screen.getByText('Wczytujemy lekcje…')).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Zaplanowane lekcje' })
    const [first, second] = within(table).getAllByTestId('lesson')
    if (!first || !second) throw new Error('two lessons expected')
    // Soonest first: today's lesson, Join open; tomorrow's, Join disabled with its opening time.
    expect(within(first).getByText('08:10–08:55')).toBeTruthy()
    expect(within(first).getByText('Anna Nowak')).toBeTruthy()
    expect(within(first).getByText(/Angielski/).textContent).toContain('poziom B1')
    expect(within(first).getByText('Można dołączyć')).toBeTruthy()
    expect(
      within(first).getByRole('link', { name: 'Dołącz do lekcji: Anna Nowak' }).getAttribute('href'),
    ).toBe(`/dashboard/video-call-vonage?lesson_id=${soon.id}`)
    expect(within(second).getByText('środa, 25.11.2026')).toBeTruthy()
    expect(within(second).getByText('Zaplanowana')).toBeTruthy()
    const disabled = within(second).getByRole('button', { name: /Dołącz do lekcji: Anna Nowak/ })
    expect(disabled.hasAttribute('disabled')).toBe(true)
    expect(within(second).getByText('Dołączysz od 25.11.2026 07:45')).toBeTruthy()
    // The next lesson stands out above the tabs.
    const next = screen.getByRole('region', { name: 'Najbliższa lekcja' })
    expect(within(next).getByText('08:10–08:55')).toBeTruthy()
  })

  it('re-evaluates Join as time passes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(new Date('2026-11-25T06:44:00Z'))
    routeFetch({ [SCHEDULED]: scheduledAnswer([tomorrow]), [GROUP]: noGroup })
    show(studentProfile())
    const table = await screen.findByRole('table')
    const link = () => within(table).queryByRole('link', { name: /Dołącz do lekcji/ })
    expect(
      within(table)
        .getByRole('button', { name: /Dołącz do lekcji/ })
        .hasAttribute('disabled'),
    ).toBe(true)
    expect(link()).toBeNull()
    // 06:44 UTC is 07:44 in Poland: the window opens at 07:45, the next tick sees it.
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(link()).toBeTruthy()
  })

  it('sends a student without a voice sample to voice-confirmation first (spec §2)', async () => {
    routeFetch({ [SCHEDULED]: scheduledAnswer([soon], false), [GROUP]: noGroup })
    show(studentProfile())
    const table = await screen.findByRole('table')
    expect(
      within(table)
        .getByRole('link', { name: /Dołącz/ })
        .getAttribute('href'),
    ).toBe(`/dashboard/voice-confirmation?lesson_id=${soon.id}`)
  })

  // issue #25 item 5: a cancelled lesson is never "scheduled" — not even one kept from an older
  // answer that still listed it there; it is read under Zakończone, subdued, with its reason.
  it('shows a cancelled future lesson only in the closed tab, subdued, with its reason and no Join', async () => {
    const cancelled = lessonFixture({
      ...soon,
      status: 'cancelled',
      canceled: true,
      cancelled_at: '2026-11-23T10:00:00.000Z',
      cancellation_reason: 'Choroba lektora',
    })
    routeFetch({
      [SCHEDULED]: scheduledAnswer([cancelled, tomorrow]),
      [GROUP]: noGroup,
      [FINISHED]: { status: 200, body: pageOf([cancelled]) },
    })
    show(studentProfile())
    const scheduled = await screen.findByRole('table', { name: 'Zaplanowane lekcje' })
    expect(rows()).toHaveLength(1)
    expect(within(scheduled).queryByText('Odwołana')).toBeNull()
    expect(screen.getByRole('region', { name: 'Najbliższa lekcja' }).textContent).not.toContain('Odwołana')

    fireEvent.click(screen.getByRole('tab', { name: 'Zakończone' }))
    const closed = await screen.findByRole('table', { name: 'Zakończone lekcje' })
    expect(within(closed).getByText('Odwołana')).toBeTruthy()
    expect(within(closed).getByText('Powód: Choroba lektora')).toBeTruthy()
    const [row] = rows()
    expect(row?.getAttribute('data-cancelled')).toBe('true')
    expect(within(row ?? closed).queryByRole('button', { name: /Dołącz/ })).toBeNull()
  })

  // issue #25 item 5: a just-ended lesson showed "MOŻNA DOŁĄCZYĆ" with both Dołącz and "Oceń lekcję".
  it('shows a lesson that has just ended as finished, to rate and not to join', async () => {
    const ended = finishedLessonFixture({
      scheduled_at: '2026-11-24T06:10:00.000Z',
      ends_at: '2026-11-24T06:55:00.000Z', // five minutes ago, inside spec §4's join margin
      finished_at: '2026-11-24T06:55:00.000Z',
    })
    routeFetch({
      [SCHEDULED]: scheduledAnswer([]),
      [GROUP]: noGroup,
      [FINISHED]: { status: 200, body: pageOf([ended]) },
    })
    show(studentProfile(), '/dashboard/my-lessons?tab=closed')
    const table = await screen.findByRole('table', { name: 'Zakończone lekcje' })
    expect(within(table).getByText('Zakończona')).toBeTruthy()
    expect(within(table).queryByText('Można dołączyć')).toBeNull()
    expect(within(table).queryByRole('button', { name: /Dołącz/ })).toBeNull()
    expect(within(table).queryByRole('link', { name: /Dołącz/ })).toBeNull()
    expect(within(table).getByRole('button', { name: 'Oceń lekcję: Anna Nowak' })).toBeTruthy()
    // The teacher's page, with the students' reviews, is one click away (issue #25 item 1).
    const teacherPage = within(table).getByRole('link', { name: 'Profil lektora: Anna Nowak' })
    expect(teacherPage.getAttribute('href')).toBe(`/dashboard/teacher/${ended.teacher.id}`)
  })

  // issue #25 items 1 and 2: the teacher reads the rating's comment on the lesson, and opens the
  // student's profile from it.
  it('shows the teacher the rating with its comment and a link to the student’s profile', async () => {
    const rated = finishedLessonFixture({
      fullName: 'Julia Jankowska',
      rating: { value: 3, comment: 'Świetna lekcja, dużo mówienia.' },
    })
    routeFetch({
      [SCHEDULED]: scheduledAnswer([]),
      [GROUP]: noGroup,
      [FINISHED]: { status: 200, body: pageOf([rated]) },
    })
    show(teacherProfile(), '/dashboard/my-lessons?tab=closed')
    const table = await screen.findByRole('table', { name: 'Zakończone lekcje' })
    const rating = within(table).getByTestId('lesson-rating')
    expect(rating.textContent).toContain('Ocena kursanta')
    expect(rating.textContent).toContain('Ocena: 3 z 5')
    expect(rating.textContent).toContain('„Świetna lekcja, dużo mówienia.”')
    const profile = within(table).getByRole('link', { name: 'Profil kursanta: Julia Jankowska' })
    expect(profile.getAttribute('href')).toBe(`/dashboard/student-profile/${rated.student.id}`)
  })

  it('switches to the closed tab, keeps it in the URL and pages through it', async () => {
    const sent = routeFetch({
      [SCHEDULED]: scheduledAnswer([]),
      [GROUP]: noGroup,
      [FINISHED]: { status: 200, body: pageOf([finishedLessonFixture()], 1, 3) },
    })
    show(studentProfile())
    expect(screen.queryByRole('tab', { name: 'Grupowe' })).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: 'Zakończone' }))
    const table = await screen.findByRole('table', { name: 'Zakończone lekcje' })
    expect(within(table).getByText('Zakończona')).toBeTruthy()
    expect(within(table).queryByRole('button', { name: /Dołącz/ })).toBeNull()
    expect(search()).toBe('?tab=closed')
    expect(sent.find((r) => r.path.endsWith('list_finished'))?.query).toBe('?page=1&per_page=20')
    fireEvent.click(screen.getByRole('button', { name: 'Strona 2' }))
    await waitFor(() => expect(search()).toBe('?tab=closed&page=2'))
    await waitFor(() => expect(sent.at(-1)?.query).toBe('?page=2&per_page=20'))
  })

  // issue #11 item 8: rating a finished lesson was only in ⋮.
  it('offers to rate a finished, unrated lesson beside it, and shows the stars of a rated one', async () => {
    const rated = finishedLessonFixture({ id: lessonId(7), rating: { value: 4, comment: 'Dobrze' } })
    routeFetch({
      [SCHEDULED]: scheduledAnswer([]),
      [GROUP]: noGroup,
      [FINISHED]: { status: 200, body: pageOf([finishedLessonFixture(), rated]) },
    })
    show(studentProfile(), '/dashboard/my-lessons?tab=closed')
    const table = await screen.findByRole('table', { name: 'Zakończone lekcje' })
    const [unrated, withStars] = rows()
    expect(within(withStars ?? table).queryByRole('button', { name: /^Oceń lekcję/ })).toBeNull()
    expect(within(withStars ?? table).getByText('Ocena: 4 z 5')).toBeTruthy()
    fireEvent.click(within(unrated ?? table).getByRole('button', { name: 'Oceń lekcję: Anna Nowak' }))
    expect(await screen.findByRole('dialog', { name: 'Oceń lekcję' })).toBeTruthy()
  })

  it('offers the group tab to a user with the group-lessons flag', async () => {
    const group = lessonFixture({ id: lessonId(5), is_group: true })
    routeFetch({ [SCHEDULED]: scheduledAnswer([]), [GROUP]: { status: 200, body: pageOf([group]) } })
    show(studentProfile({ only_group_lessons: true }), '/dashboard/my-lessons?tab=group')
    const table = await screen.findByRole('table', { name: 'Lekcje grupowe' })
    expect(within(table).getByText(/grupowa/)).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Grupowe' }).getAttribute('aria-selected')).toBe('true')
  })

  it('shows the week calendar with navigation, the day view and today, all in the URL', async () => {
    const sent = routeFetch({ [SCHEDULED]: scheduledAnswer([tomorrow, soon]), [GROUP]: noGroup })
    show(studentProfile())
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('radio', { name: 'Kalendarz' }))
    expect(search()).toBe('?view=calendar')
    // The calendar's code arrives on first use (a chunk of its own).
    expect(await screen.findByText('23.11 – 29.11.2026')).toBeTruthy()
    const wednesday = await screen.findByRole('region', { name: 'środa 25.11' })
    expect(within(wednesday).getByText('08:00–08:45')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'wtorek 24.11' }).getAttribute('aria-current')).toBe('date')
    expect(screen.getByRole('button', { name: 'Dziś' }).hasAttribute('disabled')).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Następny tydzień' }))
    expect(search()).toBe('?view=calendar&date=2026-11-30')
    expect(screen.getByText('Brak lekcji w tym tygodniu.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Dziś' }))
    expect(search()).toBe('?view=calendar')

    fireEvent.click(screen.getByRole('radio', { name: 'Dzień' }))
    expect(search()).toBe('?view=calendar&range=day')
    expect(within(calendarNav()).getByText('wtorek, 24.11.2026')).toBeTruthy()
    expect(within(calendar()).getAllByTestId('lesson')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Następny dzień' }))
    expect(within(calendarNav()).getByText('środa, 25.11.2026')).toBeTruthy()
    expect(search()).toBe('?view=calendar&range=day&date=2026-11-25')
    // The scheduled tab reads its one list; the calendar only filters it.
    expect(sent.filter((r) => r.path.endsWith('list_scheduled'))).toHaveLength(1)
  })

  it('asks the closed list for the shown week in the calendar', async () => {
    const sent = routeFetch({
      [SCHEDULED]: scheduledAnswer([]),
      [GROUP]: noGroup,
      [FINISHED]: { status: 200, body: pageOf([finishedLessonFixture()]) },
    })
    show(studentProfile(), '/dashboard/my-lessons?tab=closed&view=calendar&date=2026-11-20')
    const friday = await screen.findByRole('region', { name: 'piątek 20.11' })
    expect(within(friday).getByTestId('lesson')).toBeTruthy()
    expect(sent.find((r) => r.path.endsWith('list_finished'))?.query).toBe(
      '?date_from=2026-11-16&date_to=2026-11-22&page=1&per_page=200',
    )
  })

  it('tells a student with no lessons how to book one, and a teacher where lessons come from', async () => {
    routeFetch({ [SCHEDULED]: scheduledAnswer([]), [GROUP]: noGroup })
    show(studentProfile())
    expect(await screen.findByText(/Nie masz zaplanowanych lekcji. Umów lekcję/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Umów lekcję' }).getAttribute('href')).toBe(
      '/dashboard/set-lessons',
    )
    cleanup()
    show(teacherProfile())
    expect(await screen.findByText(/Kursanci umawiają je w godzinach z Twojego grafiku/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Umów lekcję' })).toBeNull()
  })

  it('does not tell a student who takes only group lessons to book one', async () => {
    routeFetch({ [SCHEDULED]: scheduledAnswer([]), [GROUP]: noGroup })
    show(studentProfile({ only_group_lessons: true }))
    expect(
      await screen.findByText(
        'Nie masz zaplanowanych lekcji indywidualnych. Lekcje grupowe są w zakładce „Grupowe”.',
      ),
    ).toBeTruthy()
    expect(screen.queryByText(/Umów lekcję/)).toBeNull()
  })

  it('shows a failed list with a retry', async () => {
    let calls = 0
    routeFetch({
      [SCHEDULED]: () => {
        calls += 1
        return calls === 1
          ? { status: 403, body: { error: 'Forbidden', code: 'forbidden' } }
          : scheduledAnswer([tomorrow])
      },
      [GROUP]: noGroup,
    })
    show(studentProfile())
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Nie masz uprawnień do wykonania tej czynności')
    fireEvent.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }))
    expect(await screen.findByRole('table')).toBeTruthy()
  })

  it('names the student for a teacher and offers only the teacher’s actions', async () => {
    routeFetch({ [SCHEDULED]: scheduledAnswer([teacherLessonFixture()]), [GROUP]: noGroup })
    show(teacherProfile())
    const table = await screen.findByRole('table')
    expect(within(table).getByText('Julia Jankowska')).toBeTruthy()
    expect(within(table).getByRole('columnheader', { name: 'Kursant' })).toBeTruthy()
    fireEvent.click(within(table).getByRole('button', { name: 'Działania dla lekcji: Julia Jankowska' }))
    const menu = await screen.findByRole('menu')
    const items = within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .map((item) => item.textContent)
    expect(items).toEqual(['Materiały', 'Notatki dla kursanta', 'Odwołaj lekcję'])
  })

  // issue #11 item 1: a note saved nowhere to be seen.
  it('shows the student’s message and the teacher’s notes on the lesson, each named for its reader', async () => {
    const texts = { note: 'Chcę poćwiczyć small talk', teacher_memos: 'Zadanie: str. 12' }
    routeFetch({
      [SCHEDULED]: scheduledAnswer([lessonFixture({ ...texts, student_memos: 'Moje słówka' })]),
      [GROUP]: noGroup,
    })
    show(studentProfile())
    const table = await screen.findByRole('table')
    const said = (testId: string) => within(table).getByTestId(testId).textContent
    expect(said('lesson-note')).toBe('Twoja wiadomość dla lektoraChcę poćwiczyć small talk')
    expect(said('lesson-teacher_memos')).toBe('Notatki od lektoraZadanie: str. 12')
    expect(said('lesson-student_memos')).toBe('Moje notatkiMoje słówka')
    // A written message is changed, not added again.
    fireEvent.click(within(table).getByRole('button', { name: 'Działania dla lekcji: Anna Nowak' }))
    const menu = await screen.findByRole('menu')
    const items = within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .map((item) => item.textContent)
    expect(items).toEqual(['Zmień wiadomość dla lektora', 'Moje notatki', 'Odwołaj lekcję'])
    cleanup()

    routeFetch({ [SCHEDULED]: scheduledAnswer([teacherLessonFixture(texts)]), [GROUP]: noGroup })
    show(teacherProfile())
    const teacherTable = await screen.findByRole('table')
    expect(within(teacherTable).getByTestId('lesson-note').textContent).toBe(
      'Wiadomość od kursantaChcę poćwiczyć small talk',
    )
    expect(within(teacherTable).getByTestId('lesson-teacher_memos').textContent).toBe(
      'Twoje notatki dla kursantaZadanie: str. 12',
    )
  })

  // issue #11 item 7: closing a dialog opened from ⋮ left the focus on <body>.
  it('gives the focus back to the lesson’s ⋮ button when its dialog closes', async () => {
    routeFetch({ [SCHEDULED]: scheduledAnswer([lessonFixture()]), [GROUP]: noGroup })
    show(studentProfile())
    const table = await screen.findByRole('table')
    const menuButton = within(table).getByRole('button', { name: 'Działania dla lekcji: Anna Nowak' })
    fireEvent.click(menuButton)
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Moje notatki' }))
    const dialog = await screen.findByRole('dialog', { name: 'Moje notatki' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The loaded menu renders its own trigger in place of the placeholder (ui/lazy-menu.tsx).
    const trigger = () => within(table).getByRole('button', { name: 'Działania dla lekcji: Anna Nowak' })
    await waitFor(() => expect(document.activeElement).toBe(trigger()))
  })

  it('offers a student of a group lesson no notes of their own (spec §5), only the teacher’s to read', async () => {
    const group = lessonFixture({ is_group: true, teacher_memos: 'Zadanie: str. 12' })
    routeFetch({ [SCHEDULED]: scheduledAnswer([]), [GROUP]: { status: 200, body: pageOf([group]) } })
    show(studentProfile(), '/dashboard/my-lessons?tab=group')
    const table = await screen.findByRole('table', { name: 'Lekcje grupowe' })
    expect(within(table).getByTestId('lesson-teacher_memos').textContent).toContain('Zadanie: str. 12')
    fireEvent.click(within(table).getByRole('button', { name: 'Działania dla lekcji: Anna Nowak' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).queryByRole('menuitem', { name: 'Moje notatki', hidden: true })).toBeNull()
    expect(within(menu).getByRole('menuitem', { name: 'Napisz do lektora', hidden: true })).toBeTruthy()
  })

  it('shows cards and starts the calendar on the day on a phone', async () => {
    phone(true)
    routeFetch({ [SCHEDULED]: scheduledAnswer([tomorrow, soon]), [GROUP]: noGroup })
    show(studentProfile())
    await screen.findByRole('region', { name: 'Zaplanowane lekcje' })
    expect(screen.queryByRole('table')).toBeNull()
    expect(rows().length).toBeGreaterThanOrEqual(2)
    fireEvent.click(screen.getByRole('radio', { name: 'Kalendarz' }))
    expect(within(calendarNav()).getByText('wtorek, 24.11.2026')).toBeTruthy()
  })
})
