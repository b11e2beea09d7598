// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminGroupClassDetail } from '../../api/admin-group-classes.ts'
import { activateLocale } from '../../config/i18n.ts'
import { signInAsOperator } from '../../test-support/operator-session.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { GroupClassScreen } from './group-class-screen.tsx'

const CLASS_ID = '55555555-5555-4555-8555-555555555555'
const UPCOMING = '66666666-6666-4666-8666-666666666666'
const person = (n: number, name: string) => ({
  id: `7777777${n}-7777-4777-8777-777777777777`,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  company_name: 'Orbis Logistyka',
})

const detail = (overrides: Partial<AdminGroupClassDetail> = {}): AdminGroupClassDetail => ({
  id: CLASS_ID,
  title: 'Angielski dla zespołu',
  description: '',
  teacher: { id: '88888888-8888-4888-8888-888888888888', name: 'Anna Nowak', email: 'anna@example.com' },
  language: { id: 1, name: 'English', name_pl: 'angielski' },
  level: { id: 3, name: 'B1' },
  company_name: 'Orbis Logistyka',
  capacity: 2,
  provider: 'builtin',
  state: 'active',
  enrolled: 2,
  waiting: 1,
  meetings: 2,
  next_meeting_at: '2099-12-08T17:00:00.000Z',
  created_at: '2099-11-01T10:00:00.000Z',
  meetings_list: [
    {
      id: '99999999-0000-4000-8000-000000000000',
      starts_at: '2099-12-01T17:00:00.000Z',
      ends_at: '2099-12-01T18:30:00.000Z',
      state: 'past',
      cancelled_at: null,
      not_coming: [],
    },
    {
      id: UPCOMING,
      starts_at: '2099-12-08T17:00:00.000Z',
      ends_at: '2099-12-08T18:30:00.000Z',
      state: 'upcoming',
      cancelled_at: null,
      not_coming: ['Julia Jankowska'],
    },
  ],
  roster: [
    { student: person(1, 'Marta Dąbrowska'), attended: 1, past: 1, since: '2099-11-01T10:00:00.000Z' },
    { student: person(2, 'Julia Jankowska'), attended: 0, past: 1, since: '2099-11-01T10:00:00.000Z' },
  ],
  waiting_list: [{ student: person(3, 'Krzysztof Mazur'), since: '2099-11-02T10:00:00.000Z' }],
  ...overrides,
})

const SHOW = 'GET /api/v1/admin/group_classes/show'
const show = () =>
  renderScreen(`/admin/group-classes/${CLASS_ID}`, '/admin/group-classes/:classId', <GroupClassScreen />)

describe('a group class in the console', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAsOperator()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows the meetings with who will not come, the roster with attendance and the waiting list in order', async () => {
    routeFetch({ [SHOW]: { status: 200, body: { data: detail() } } })
    show()
    expect(await screen.findByRole('heading', { name: 'Angielski dla zespołu', level: 1 })).toBeTruthy()
    const roster = screen.getByRole('list', { name: 'Zapisani kursanci' })
    expect(
      within(roster)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Obecność: 1/1'), expect.stringContaining('Obecność: 0/1')])
    const waiting = screen.getByRole('list', { name: 'Lista oczekujących' })
    expect(within(waiting).getByText('Krzysztof Mazur')).toBeTruthy()
    // Only the meeting still to come may be moved or cancelled.
    const meetings = within(screen.getByRole('list', { name: 'Spotkania' })).getAllByRole('listitem')
    expect(within(meetings[0] as HTMLElement).queryByRole('button')).toBeNull()
    expect(within(meetings[1] as HTMLElement).getAllByRole('button')).toHaveLength(2)
    expect(meetings[1]?.textContent).toContain('Zapowiedziana nieobecność: Julia Jankowska')
    expect(meetings[0]?.textContent).not.toContain('Zapowiedziana nieobecność')
  })

  it('cancels one meeting after asking, and shows the server’s refusal of a move in the dialog', async () => {
    const sent = routeFetch({
      [SHOW]: { status: 200, body: { data: detail() } },
      'POST /api/v1/admin/group_classes/cancel_meeting': { status: 200, body: { data: detail() } },
      'POST /api/v1/admin/group_classes/move_meeting': {
        status: 409,
        body: {
          error: 'The teacher has a lesson',
          code: 'teacher_busy_lesson',
          params: { name: 'Piotr Wiśniewski', date: '09.12.2099', time: '18:00' },
        },
      },
    })
    show()
    fireEvent.click(await screen.findByRole('button', { name: /^Odwołaj spotkanie 08\.12\.2099/ }))
    const confirm = await screen.findByRole('dialog', { name: 'Odwołać spotkanie?' })
    expect(sent.some((r) => r.path.endsWith('/cancel_meeting'))).toBe(false)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Odwołaj spotkanie' }))
    await waitFor(() =>
      expect(sent.find((r) => r.path.endsWith('/cancel_meeting'))?.body).toEqual({ meeting_id: UPCOMING }),
    )

    fireEvent.click(screen.getByRole('button', { name: /^Przenieś spotkanie 08\.12\.2099/ }))
    const move = await screen.findByRole('dialog', { name: 'Przenieś spotkanie' })
    fireEvent.click(within(move).getByRole('button', { name: 'Przenieś' }))
    expect(
      await within(move).findByText('Lektor ma wtedy lekcję: 09.12.2099, 18:00 — Piotr Wiśniewski'),
    ).toBeTruthy()
  })

  it('lists the CSV rows that stopped an enrolment, and says nobody was enrolled', async () => {
    const sent = routeFetch({
      [SHOW]: { status: 200, body: { data: detail() } },
      'POST /api/v1/admin/group_classes/enrol_csv': {
        status: 200,
        body: {
          data: {
            added: false,
            enrolled: 0,
            waiting: 0,
            already: 0,
            rows: [
              { line: 1, email: 'marta@example.com', problem: null },
              { line: 2, email: 'nikt@example.com', problem: 'unknown_email' },
            ],
          },
        },
      },
    })
    show()
    fireEvent.click(await screen.findByRole('button', { name: 'Zapisz kursantów' }))
    const dialog = await screen.findByRole('dialog', { name: 'Zapisz kursantów' })
    fireEvent.click(within(dialog).getByText('CSV'))
    fireEvent.change(within(dialog).getByLabelText('Adresy e-mail'), {
      target: { value: 'marta@example.com\nnikt@example.com' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }))
    expect(
      await within(dialog).findByText('Nikogo nie zapisano: popraw wiersze poniżej i wyślij ponownie.'),
    ).toBeTruthy()
    const rows = within(dialog).getByRole('list', { name: 'Wiersze z problemami' })
    expect(within(rows).getAllByRole('listitem')).toHaveLength(1)
    expect(rows.textContent).toContain('Wiersz 2: nikt@example.com')
    expect(rows.textContent).toContain('nie ma aktywnego kursanta z tym adresem')
    expect(sent.find((r) => r.path.endsWith('/enrol_csv'))?.body).toEqual({
      class_id: CLASS_ID,
      csv: 'marta@example.com\nnikt@example.com',
    })
  })
})
