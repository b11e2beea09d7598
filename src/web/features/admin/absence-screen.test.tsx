// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { adminAbsenceReport, REPORT_ID, STUDENT, TEACHER } from '../../test-support/admin-lesson-fixture.ts'
import { signInAsOperator } from '../../test-support/operator-session.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { AbsenceScreen } from './absence-screen.tsx'

const LIST = 'GET /api/v1/admin/absence_reports/index'
const RESOLVE = 'POST /api/v1/admin/absence_reports/resolve'
const page = (reports: unknown[], has_more = false) => ({
  status: 200,
  body: { data: { reports, page: 1, has_more } },
})
const show = (path = '/admin/absence') => renderScreen(path, '/admin/absence', <AbsenceScreen />)

describe('the console’s absence reports', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAsOperator()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows each claim with the room’s attendance beside it', async () => {
    const sent = routeFetch({ [LIST]: page([adminAbsenceReport()]) })
    show()
    const card = await screen.findByRole('article', { name: /Zgłoszenie: Jan Kowalski/ })
    expect(sent[0]?.query).toBe('?status=open&page=1&per_page=20')
    expect(within(card).getByRole('heading', { name: 'Nieobecność kursanta: Jan Kowalski' })).toBeTruthy()
    expect(within(card).getByText('Zgłasza lektor Anna Nowak, 20.11.2026 18:20')).toBeTruthy()
    expect(within(card).getByText('„Kursant nie przyszedł”')).toBeTruthy()
    expect(within(card).getByText('Lektor Anna Nowak: 18:00–18:44 (44 min)')).toBeTruthy()
    expect(within(card).getByText('Kursant Jan Kowalski: brak wejścia do pokoju lekcji')).toBeTruthy()
    expect(within(card).getByText('Czeka na decyzję')).toBeTruthy()
    // The lesson's language by its Polish name in the Polish console.
    expect(within(card).getByRole('link', { name: /^Lekcja .*, Angielski B1$/ })).toBeTruthy()
  })

  it('names the lesson’s language in English in the English console', async () => {
    await activateLocale('en')
    routeFetch({ [LIST]: page([adminAbsenceReport()]) })
    show()
    const card = await screen.findByRole('article', { name: /Jan Kowalski/ })
    expect(within(card).getByRole('link', { name: /, English B1$/ })).toBeTruthy()
  })

  it('accepts a claim with a note: a student already warned is banned, and the screen says until when', async () => {
    const warned = adminAbsenceReport({
      absentee: {
        ...STUDENT,
        role: 'student',
        warned_at: '2026-11-01T10:00:00.000Z',
        banned_until: null,
        penalties: 0,
      },
    })
    const sent = routeFetch({
      [LIST]: () => (sent.filter((r) => r.method === 'GET').length > 1 ? page([]) : page([warned])),
      [RESOLVE]: {
        status: 200,
        body: {
          data: {
            report: { ...warned, status: 'accepted', resolved_at: '2026-11-21T09:00:00.000Z' },
            consequence: 'banned',
            banned_until: '2026-11-28T09:00:00.000Z',
            mail_sent: { reporter: true, absentee: true },
          },
        },
      },
    })
    show()
    const card = await screen.findByRole('article', { name: /Zgłoszenie: Jan Kowalski/ })
    expect(within(card).getByText('Ostrzeżenie')).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Uznaj…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Uznać zgłoszenie nieobecności?' })
    expect(within(dialog).getByText(/ma już ostrzeżenie, więc konto zostanie zablokowane/)).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText(/Notatka/), { target: { value: ' Brak w pokoju ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Uznaj zgłoszenie' }))
    const notice = await screen.findByText(
      'Zgłoszenie uznane. Kursant Jan Kowalski: konto zablokowane do 28.11.2026 10:00.',
    )
    expect(notice).toBeTruthy()
    expect(screen.getByText('Obie strony dostały e-mail z decyzją.')).toBeTruthy()
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      report_id: REPORT_ID,
      decision: 'accept',
      note: 'Brak w pokoju',
    })
    // The queue is asked again: the decided report has left it.
    expect(await screen.findByText('Żadne zgłoszenie nie czeka na decyzję.')).toBeTruthy()
  })

  it('tells a teacher’s penalty before accepting, and a refusal stays in the dialog', async () => {
    const aboutTeacher = adminAbsenceReport({
      reporter: { ...STUDENT, role: 'student' },
      absentee: { ...TEACHER, role: 'teacher', warned_at: null, banned_until: null, penalties: 2 },
    })
    routeFetch({
      [LIST]: page([aboutTeacher]),
      [RESOLVE]: {
        status: 400,
        body: {
          error: 'Validation failed',
          code: 'validation_failed',
          errors: [{ field: 'report_id', message: 'This report has already been resolved', code: 'invalid' }],
        },
      },
    })
    show()
    const card = await screen.findByRole('article', { name: /Zgłoszenie: Anna Nowak/ })
    expect(within(card).getByText('Kary: 2')).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Uznaj…' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Lektor Anna Nowak dostanie karę finansową za nieobecność/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Uznaj zgłoszenie' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('zostało już rozpatrzone')
  })

  it('shows the decided ones with the decision, and keeps the choice in the address', async () => {
    const dismissed = adminAbsenceReport({
      status: 'dismissed',
      resolved_at: '2026-11-21T09:00:00.000Z',
      resolved_by: { id: '99999999-9999-4999-8999-999999999999', email: 'operator@example.com' },
      resolution_note: 'Lektor się spóźnił',
    })
    const sent = routeFetch({
      [LIST]: (request) => (request.query.includes('status=dismissed') ? page([dismissed]) : page([])),
    })
    show()
    expect(await screen.findByText('Żadne zgłoszenie nie czeka na decyzję.')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'Odrzucone' }))
    const card = await screen.findByRole('article')
    expect(within(card).getByText(/Decyzja: operator@example.com, 21.11.2026 10:00/).textContent).toContain(
      '„Lektor się spóźnił”',
    )
    expect(within(card).queryByRole('button', { name: 'Uznaj…' })).toBeNull()
    await waitFor(() => expect(sent.at(-1)?.query).toBe('?status=dismissed&page=1&per_page=20'))
  })
})
