// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RosterEntry } from '../../../domain/api/group-lessons.ts'
import { activateLocale } from '../../config/i18n.ts'
import { renderDialog } from '../../test-support/dialog-test-harness.tsx'
import { lessonId, teacherLessonFixture } from '../../test-support/lesson-fixture.ts'
import { teacherProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { GroupRosterDialog } from './group-roster-dialog.tsx'

const ROSTER = 'GET /api/v1/lessons/group_roster'
const REPORT = 'POST /api/v1/lessons/report_absence'
const CLASS_ID = '30000000-0000-4000-8000-000000000001'
const studentId = (n: number) => `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** The teacher's view of a meeting on 26 November at `start` (the harness's clock is 12:00 UTC). */
const meeting = (start: string, end: string) =>
  teacherLessonFixture({
    is_group: true,
    scheduled_at: start,
    ends_at: end,
    group: { class_id: CLASS_ID, title: 'Angielski w firmie B1', absent_at: null },
  })
const upcoming = meeting('2026-11-26T17:00:00.000Z', '2026-11-26T18:30:00.000Z')
const running = meeting('2026-11-26T11:30:00.000Z', '2026-11-26T13:00:00.000Z')

const entry = (n: number, lastName: string, overrides: Partial<RosterEntry> = {}): RosterEntry => ({
  lesson_id: lessonId(100 + n),
  student: { id: studentId(n), first_name: 'Kursant', last_name: lastName },
  absent_at: null,
  attended: false,
  absence_report: null,
  ...overrides,
})
const rosterAnswer = (students: RosterEntry[]) => ({
  status: 200,
  body: { data: { class_id: CLASS_ID, title: 'Angielski w firmie B1', students } },
})

function open(lesson = upcoming) {
  signInAs(teacherProfile())
  return renderDialog(<GroupRosterDialog lesson={lesson} onClose={vi.fn()} />, { role: 'teacher' })
}
const item = (name: string) => screen.getByRole('listitem', { name })

describe('GroupRoster', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows who is coming and who said they would not, before the meeting', async () => {
    routeFetch({
      [ROSTER]: rosterAnswer([
        entry(1, 'Adamska'),
        entry(2, 'Mazur', { absent_at: '2026-11-26T09:00:00.000Z' }),
      ]),
    })
    open()
    expect(await screen.findByText('Zapowiedziana obecność: 1 z 2')).toBeTruthy()
    expect(within(item('Kursant Adamska')).getByText('Przyjdzie')).toBeTruthy()
    expect(within(item('Kursant Mazur')).getByText('Nie przyjdzie')).toBeTruthy()
    // No absence to report before the meeting's window.
    expect(screen.queryByRole('button', { name: /Zgłoś nieobecność/ })).toBeNull()
  })

  it('once the meeting runs, tells who is in the room and reports an absent student on their place', async () => {
    let reported = false
    const sent = routeFetch({
      [ROSTER]: () =>
        rosterAnswer([
          entry(1, 'Adamska', { attended: true }),
          entry(2, 'Mazur', {
            absence_report: reported
              ? { note: 'Brak kontaktu', created_at: '2026-11-26T12:00:00.000Z' }
              : null,
          }),
        ]),
      [REPORT]: () => {
        reported = true
        return { status: 200, body: { data: running } }
      },
    })
    open(running)
    expect(
      within(await screen.findByRole('listitem', { name: 'Kursant Adamska' })).getByText('Na zajęciach'),
    ).toBeTruthy()
    const absent = item('Kursant Mazur')
    expect(within(absent).getByText('Nieobecność')).toBeTruthy()
    fireEvent.click(within(absent).getByRole('button', { name: 'Zgłoś nieobecność: Kursant Mazur' }))
    fireEvent.change(within(absent).getByLabelText('Uwagi (opcjonalnie)'), {
      target: { value: 'Brak kontaktu' },
    })
    fireEvent.click(within(absent).getByRole('button', { name: 'Wyślij zgłoszenie' }))
    expect(await within(absent).findByText('Zgłoszona nieobecność: Brak kontaktu')).toBeTruthy()
    const report = sent.find((request) => request.path.includes('report_absence'))
    expect(report?.body).toEqual({
      lesson_id: lessonId(102),
      absentee_id: studentId(2),
      note: 'Brak kontaktu',
    })
    await waitFor(() => expect(within(absent).queryByRole('button', { name: /Zgłoś/ })).toBeNull())
  })

  it('says when no one is enrolled, and offers a retry when the roster cannot be loaded', async () => {
    let calls = 0
    routeFetch({
      [ROSTER]: () => {
        calls += 1
        return calls === 1
          ? { status: 403, body: { error: 'Forbidden', code: 'forbidden' } }
          : rosterAnswer([])
      },
    })
    open()
    const failed = await screen.findByText('Nie udało się wczytać listy uczestników.')
    const alert = failed.closest('[role="alert"]')
    if (!(alert instanceof HTMLElement)) throw new Error('the failure is not an alert')
    fireEvent.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }))
    expect(await screen.findByText('Na te zajęcia nikt nie jest zapisany.')).toBeTruthy()
  })
})
