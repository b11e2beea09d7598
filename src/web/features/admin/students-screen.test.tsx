// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminStudent, CsvRow } from '../../../domain/api/admin-students.ts'
import { activateLocale } from '../../config/i18n.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { StudentsScreen } from './students-screen.tsx'

// The console's Students: the list with its filters, lifting a ban, and the CSV preview before
// sending.

const student = (over: Partial<AdminStudent> = {}): AdminStudent => ({
  id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  email: 'jan@firma.pl',
  first_name: 'Jan',
  last_name: 'Nowak',
  status: 'active',
  locale: 'pl',
  created_at: '2026-10-01T10:00:00.000Z',
  registration_completed: true,
  human_access: true,
  ai_access: false,
  only_group_lessons: false,
  active_until: '2026-12-31',
  expired: false,
  company_name: 'Firma SA',
  warned_at: '2026-11-10T10:00:00.000Z',
  banned_until: '2026-12-01T10:00:00.000Z',
  scheduled_lessons_limit: 10,
  invitation: { state: 'accepted', sent_at: null, expires_at: null },
  ...over,
})
const list = (items: AdminStudent[]) => ({ status: 200, body: { data: { items, page: 1, has_more: false } } })
const row = (line: number, email: string, problems: CsvRow['problems'] = []): CsvRow => ({
  line,
  email,
  cells: {
    email,
    human_access: 'tak',
    ai_access: 'nie',
    only_group_lessons: '',
    active_until: '',
    company_name: '',
    locale: 'pl',
  },
  values:
    problems.length > 0
      ? null
      : {
          email,
          human_access: true,
          ai_access: false,
          only_group_lessons: false,
          active_until: null,
          company_name: null,
          locale: 'pl',
        },
  problems,
})

describe('the console’s Students', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('filters by company from the address and lifts a ban', async () => {
    await activateLocale('pl')
    let lifted = false
    const sent = routeFetch({
      'GET /api/v1/admin/students/index': () => list([student(lifted ? { banned_until: null } : {})]),
      'POST /api/v1/admin/students/lift_ban': () => {
        lifted = true
        return { status: 200, body: { data: student({ banned_until: null }) } }
      },
    })
    renderScreen('/admin/students?company=Firma', '/admin/students', <StudentsScreen />)
    const card = await screen.findByRole('article', { name: 'Jan Nowak' })
    expect(sent[0]?.query).toContain('company=Firma')
    expect(within(card).getByText(/Dostęp do 31\.12\.2026/)).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Zdejmij blokadę' }))
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Zdejmij blokadę' })).toBeNull())
    expect(sent.find((r) => r.path.endsWith('/lift_ban'))?.body).toEqual({ student_id: student().id })
  })

  it('shows an invitation whose e-mail has not gone out, and sends it again', async () => {
    await activateLocale('pl')
    let sentAgain = false
    const invited = () =>
      student({
        status: 'invited',
        warned_at: null,
        banned_until: null,
        invitation: {
          state: 'pending',
          sent_at: sentAgain ? '2026-11-29T10:00:00.000Z' : null,
          expires_at: '2026-12-06T10:00:00.000Z',
          mail_pending: !sentAgain,
        },
      })
    const sent = routeFetch({
      'GET /api/v1/admin/students/index': () => list([invited()]),
      'POST /api/v1/admin/students/resend_invitation': () => {
        sentAgain = true
        return { status: 200, body: { data: { student: invited(), mail_sent: true } } }
      },
    })
    renderScreen('/admin/students', '/admin/students', <StudentsScreen />)
    const card = await screen.findByRole('article', { name: 'Jan Nowak' })
    expect(within(card).getByText('Zaproszenie czeka na wysłanie')).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Wyślij zaproszenie ponownie' }))
    await waitFor(() => expect(within(card).getByText('Zaproszenie wysłane')).toBeTruthy())
    expect(within(card).queryByRole('button', { name: 'Wyślij zaproszenie ponownie' })).toBeNull()
    expect(sent.filter((r) => r.path.endsWith('/resend_invitation')).map((r) => r.body)).toEqual([
      { student_id: student().id },
    ])
  })

  it('names an invited student without a name by what is known, not by the address twice', async () => {
    await activateLocale('en')
    const nameless = student({
      first_name: null,
      last_name: null,
      email: 'anonim@firma.pl',
      status: 'invited',
      warned_at: null,
      banned_until: null,
      invitation: { state: 'pending', sent_at: '2026-11-29T10:00:00.000Z', expires_at: null },
    })
    routeFetch({ 'GET /api/v1/admin/students/index': list([nameless]) })
    renderScreen('/admin/students', '/admin/students', <StudentsScreen />)
    const card = await screen.findByRole('article', { name: 'anonim@firma.pl' })
    expect(within(card).getByText('(no name) · invitation sent')).toBeTruthy()
    expect(within(card).getAllByText('anonim@firma.pl')).toHaveLength(1)
  })

  it("offers to send again the invitation of a CSV row's student whose e-mail has not gone out", async () => {
    await activateLocale('pl')
    const id = student().id
    const pending = {
      ...row(2, 'jan@firma.pl', [
        { field: 'email', code: 'invitation_pending', message: 'Invitation e-mail not sent yet' },
      ]),
      student_id: id,
    }
    const sent = routeFetch({
      'GET /api/v1/admin/students/index': list([]),
      'POST /api/v1/admin/students/invite_csv/preview': {
        status: 200,
        body: { data: { rows: [pending], total: 1, valid: 0, invalid: 1 } },
      },
      'POST /api/v1/admin/students/resend_invitation': {
        status: 200,
        body: { data: { student: student(), mail_sent: true } },
      },
    })
    renderScreen('/admin/students', '/admin/students', <StudentsScreen />)
    await screen.findByText('Brak kursantów dla tych filtrów.')
    fireEvent.click(screen.getByRole('button', { name: 'Zaproś z pliku CSV' }))
    const dialog = await screen.findByRole('dialog', { name: 'Zaproś kursantów z pliku CSV' })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Zawartość pliku' }), {
      target: { value: 'email\njan@firma.pl' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sprawdź' }))
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Wyślij zaproszenie ponownie' }))
    expect(await within(dialog).findByText('zaproszenie wysłane')).toBeTruthy()
    expect(sent.find((r) => r.path.endsWith('/resend_invitation'))?.body).toEqual({ student_id: id })
  })

  it('previews a CSV with its bad rows before sending only the good ones', async () => {
    await activateLocale('en')
    const csv =
      'email,human_access,ai_access,only_group_lessons,active_until,company_name,locale\nok@x.pl,tak,nie,,,,pl\nzly,tak,nie,,,,pl'
    const rows = [
      row(2, 'ok@x.pl'),
      row(3, 'zly', [{ field: 'email', code: 'email_invalid', message: 'Invalid email' }]),
    ]
    const sent = routeFetch({
      'GET /api/v1/admin/students/index': list([]),
      'POST /api/v1/admin/students/invite_csv/preview': {
        status: 200,
        body: { data: { rows, total: 2, valid: 1, invalid: 1 } },
      },
      'POST /api/v1/admin/students/invite_csv/send': {
        status: 200,
        body: {
          data: {
            rows: [
              { ...rows[0], outcome: 'invited' },
              { ...rows[1], outcome: 'not_sent' },
            ],
            invited: 1,
            not_sent: 1,
            mail_failed: 0,
          },
        },
      },
    })
    renderScreen('/admin/students', '/admin/students', <StudentsScreen />)
    expect(await screen.findByText('No students match these filters.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Invite from a CSV file' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite students from a CSV file' })
    fireEvent.change(within(dialog).getByRole('textbox', { name: "The file's contents" }), {
      target: { value: csv },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check' }))
    expect(
      await within(dialog).findByText('Rows: 2; to send: 1; with problems (will not be sent): 1.'),
    ).toBeTruthy()
    expect(within(dialog).getByText('email: invalid e-mail')).toBeTruthy()
    expect(sent.filter((r) => r.path.endsWith('/send'))).toHaveLength(0)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 1 invitation' }))
    expect(await within(dialog).findByText('Invited: 1; not sent: 1; e-mail not delivered: 0.')).toBeTruthy()
    expect(sent.find((r) => r.path.endsWith('/send'))?.body).toEqual({ csv })
  })
})
