// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { noteAnswered, noteNoAnswer } from '../../offline/connectivity.ts'
import {
  finishedLessonFixture,
  lessonFixture,
  lessonId,
  pageOf,
  scheduledAnswer,
} from '../../test-support/lesson-fixture.ts'
import {
  FINISHED,
  GROUP,
  noGroup,
  rows,
  SCHEDULED,
  search,
  show,
  soon,
  startEachAtNow,
  tomorrow,
} from '../../test-support/my-lessons-screen-kit.tsx'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'

describe('my-lessons: the lessons and their states', () => {
  startEachAtNow()

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

  it('offers no Join while the server is out of reach, and again at its first answer', async () => {
    routeFetch({ [SCHEDULED]: scheduledAnswer([soon]), [GROUP]: noGroup })
    show(studentProfile())
    const table = await screen.findByRole('table', { name: 'Zaplanowane lekcje' })
    expect(within(table).getByRole('link', { name: 'Dołącz do lekcji: Anna Nowak' })).toBeTruthy()
    act(() => noteNoAnswer())
    const waiting = within(table).getByRole('button', { name: /Dołącz do lekcji: Anna Nowak/ })
    expect(waiting.hasAttribute('disabled')).toBe(true)
    expect(within(table).getByText('Dołączysz po odzyskaniu połączenia')).toBeTruthy()
    // The badge does not promise a join the button cannot give.
    expect(within(table).queryByText('Można dołączyć')).toBeNull()
    expect(within(table).getByText('Dołączysz online')).toBeTruthy()
    act(() => noteAnswered())
    expect(within(table).getByRole('link', { name: 'Dołącz do lekcji: Anna Nowak' })).toBeTruthy()
    expect(within(table).getByText('Można dołączyć')).toBeTruthy()
  })

  it('sends a student without a voice sample to voice-confirmation first', async () => {
    routeFetch({ [SCHEDULED]: scheduledAnswer([soon], false), [GROUP]: noGroup })
    show(studentProfile())
    const table = await screen.findByRole('table')
    expect(
      within(table)
        .getByRole('link', { name: /Dołącz/ })
        .getAttribute('href'),
    ).toBe(`/dashboard/voice-confirmation?lesson_id=${soon.id}`)
  })

  // A cancelled lesson is never "scheduled" — not even one kept from an older answer that still
  // listed it there; it is read under Zakończone, subdued, with its reason.
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

  // A just-ended lesson showed "MOŻNA DOŁĄCZYĆ" with both Dołącz and "Oceń lekcję".
  it('shows a lesson that has just ended as finished, to rate and not to join', async () => {
    const ended = finishedLessonFixture({
      scheduled_at: '2026-11-24T06:10:00.000Z',
      ends_at: '2026-11-24T06:55:00.000Z', // five minutes ago, inside the join window's margin
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
    // The teacher's page, with the students' reviews, is one click away.
    const teacherPage = within(table).getByRole('link', { name: 'Profil lektora: Anna Nowak' })
    expect(teacherPage.getAttribute('href')).toBe(`/dashboard/teacher/${ended.teacher.id}`)
  })

  // The teacher reads the rating's comment on the lesson, and opens the student's profile from it.
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

  // Rating a finished lesson was only in ⋮.
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

  it('shows a group meeting as the next lesson when it comes before every one-to-one lesson', async () => {
    const meeting = lessonFixture({
      id: lessonId(6),
      is_group: true,
      scheduled_at: soon.scheduled_at,
      ends_at: soon.ends_at,
      group: { class_id: lessonId(7), title: 'Angielski B1 — wtorki', absent_at: null },
    })
    routeFetch({
      [SCHEDULED]: scheduledAnswer([tomorrow]),
      [GROUP]: { status: 200, body: pageOf([meeting]) },
    })
    show(studentProfile())
    const next = await screen.findByRole('region', { name: 'Najbliższa lekcja' })
    expect(await within(next).findByText('08:10–08:55')).toBeTruthy()
  })

  it('offers the group tab to a user with the group-lessons flag', async () => {
    const group = lessonFixture({ id: lessonId(5), is_group: true })
    routeFetch({ [SCHEDULED]: scheduledAnswer([]), [GROUP]: { status: 200, body: pageOf([group]) } })
    show(studentProfile({ only_group_lessons: true }), '/dashboard/my-lessons?tab=group')
    const table = await screen.findByRole('table', { name: 'Lekcje grupowe' })
    expect(within(table).getByText(/grupowa/)).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Grupowe' }).getAttribute('aria-selected')).toBe('true')
  })
})
