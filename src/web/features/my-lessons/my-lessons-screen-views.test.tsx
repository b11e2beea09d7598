// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  finishedLessonFixture,
  lessonFixture,
  pageOf,
  scheduledAnswer,
  teacherLessonFixture,
} from '../../test-support/lesson-fixture.ts'
import {
  calendar,
  calendarNav,
  FINISHED,
  GROUP,
  noGroup,
  phone,
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

describe('my-lessons: the calendar, empty and failed lists, notes, phones', () => {
  startEachAtNow()

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

  it('lands a student who takes only group lessons on the group tab, and does not tell them to book', async () => {
    routeFetch({ [SCHEDULED]: scheduledAnswer([]), [GROUP]: noGroup })
    show(studentProfile({ only_group_lessons: true }))
    expect(await screen.findByText('Nie masz lekcji grupowych.')).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Grupowe' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.click(screen.getByRole('tab', { name: 'Zaplanowane' }))
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

  // A note was saved and then nowhere to be seen.
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

  // Closing a dialog opened from ⋮ left the focus on <body>.
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

  it('offers a student of a group lesson no notes of their own, only the teacher’s to read', async () => {
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
