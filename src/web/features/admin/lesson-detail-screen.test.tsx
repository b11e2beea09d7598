// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import {
  adminAbsenceReport,
  adminLessonDetail,
  LESSON_ID,
  TEACHER,
} from '../../test-support/admin-lesson-fixture.ts'
import { signInAsOperator } from '../../test-support/operator-session.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { LessonDetailScreen } from './lesson-detail-screen.tsx'

const SHOW = 'GET /api/v1/admin/lessons/show'
const CANCEL = 'POST /api/v1/admin/lessons/cancel'
const ok = (data: unknown) => ({ status: 200, body: { data } })
const open = () =>
  renderScreen(`/admin/lessons/${LESSON_ID}`, '/admin/lessons/:lessonId', <LessonDetailScreen />)

// A finished lesson of 20 November 2026, 18:00–18:45 Poland time, with what the room recorded.
const finished = adminLessonDetail({
  starts_at: '2026-11-20T17:00:00.000Z',
  ends_at: '2026-11-20T17:45:00.000Z',
  status: 'finished',
  attendance: [
    {
      role: 'teacher',
      user_id: TEACHER.id,
      from: '2026-11-20T16:58:00.000Z',
      to: '2026-11-20T17:45:00.000Z',
    },
  ],
  chat_messages: 7,
  materials: [
    {
      id: '66666666-6666-4666-8666-666666666666',
      filename: 'slowka.pdf',
      owner_role: 'teacher',
      size: 20_480,
      created_at: '2026-11-19T10:00:00.000Z',
    },
  ],
  recordings: [
    {
      id: '77777777-7777-4777-8777-777777777777',
      lesson_id: LESSON_ID,
      stream_id: 'camera',
      recorded_by: 'browser',
      status: 'ready',
      started_at: '2026-11-20T17:01:00.000Z',
      stopped_at: '2026-11-20T17:40:00.000Z',
      next_seq: 10,
      recorded_user_ids: null,
      duration_ms: 2_340_000,
      size: 1_000_000,
      url: 'https://files.example/rec',
      kept_until: '2026-12-20T17:40:00.000Z',
    },
  ],
  voice_recordings: [
    {
      id: '88888888-8888-4888-8888-888888888888',
      url: '/api/v1/files/voice.webm?sig=x',
      size: 48_000,
      created_at: '2026-11-20T17:20:00.000Z',
      duration_ms: 4100,
    },
  ],
  reports: [adminAbsenceReport({ status: 'accepted' })],
  penalties: [],
})

describe('a lesson’s details in the console', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAsOperator()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows who was in the room and when, the chat’s length, materials, recordings and reports', async () => {
    const sent = routeFetch({ [SHOW]: ok(finished) })
    open()
    expect(await screen.findByRole('heading', { name: 'Lekcja 20.11.2026 18:00–18:45' })).toBeTruthy()
    expect(sent[0]?.query).toBe(`?lesson_id=${LESSON_ID}`)
    const room = screen.getByRole('list', { name: 'Obecność w pokoju lekcji' })
    expect(room.textContent).toBe('Lektor Anna Nowak: 17:58–18:45 (47 min)')
    expect(screen.getByText('Kursant Jan Kowalski: brak wejścia do pokoju lekcji')).toBeTruthy()
    expect(screen.getByText('Wiadomości na czacie: 7')).toBeTruthy()
    expect(screen.getByText('slowka.pdf')).toBeTruthy()
    expect(screen.getByText(/Kamera, od 20\.11\.2026 18:01: gotowe/).textContent).toContain('(39:00)')
    expect(screen.getByRole('link', { name: 'Otwórz' }).getAttribute('href')).toBe(
      'https://files.example/rec',
    )
    // The student's voice clips, each with its day, time and length, to play here.
    const clips = screen.getByRole('list', { name: 'Nagrania głosu' })
    expect(within(clips).getByRole('listitem', { name: 'Nagranie 1, 20.11.2026 18:20, 0:04' })).toBeTruthy()
    expect(screen.getByText('Anna Nowak zgłasza nieobecność: Jan Kowalski')).toBeTruthy()
    expect(screen.getByText('Brak kar za tę lekcję.')).toBeTruthy()
    // A finished lesson cannot be cancelled.
    expect(screen.queryByRole('button', { name: 'Odwołaj w imieniu szkoły' })).toBeNull()
  })

  it('cancels a future lesson with a reason, and says nobody is penalised and both are told', async () => {
    const scheduled = adminLessonDetail()
    const sent = routeFetch({
      [SHOW]: ok(scheduled),
      [CANCEL]: (request) =>
        ok({
          ...scheduled,
          status: 'cancelled',
          cancelled_at: '2099-11-30T10:00:00.000Z',
          cancelled_by: {
            role: 'operator',
            id: '99999999-9999-4999-8999-999999999999',
            name: null,
            email: 'operator@example.com',
          },
          cancellation_reason: (request.body as { reason: string }).reason,
        }),
    })
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Odwołaj w imieniu szkoły' }))
    const dialog = await screen.findByRole('dialog', { name: 'Odwołać lekcję w imieniu szkoły?' })
    expect(within(dialog).getByText(/Nikt nie dostanie kary ani ostrzeżenia/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Odwołaj lekcję' }))
    expect(await within(dialog).findByText('Podaj powód odwołania')).toBeTruthy()
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0)

    fireEvent.change(within(dialog).getByLabelText(/Powód odwołania/), {
      target: { value: '  Awaria prądu ' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Odwołaj lekcję' }))
    expect(await screen.findByText(/Lekcja odwołana bez kary/)).toBeTruthy()
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      lesson_id: LESSON_ID,
      reason: 'Awaria prądu',
    })
    expect(screen.getByText('Szkoła (operator@example.com), 30.11.2099 11:00')).toBeTruthy()
    expect(screen.getByText('Powód: Awaria prądu')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Zobacz w dzienniku zmian' }).getAttribute('href')).toBe(
      `/admin/audit?action=lesson.cancel&target_id=${LESSON_ID}`,
    )
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Odwołaj w imieniu szkoły' })).toBeNull())
  })

  it('keeps the dialog open with the server’s refusal when the lesson has started meanwhile', async () => {
    routeFetch({
      [SHOW]: ok(adminLessonDetail()),
      [CANCEL]: {
        status: 422,
        body: { error: 'You cannot cancel a lesson that has already started', code: 'lesson_started' },
      },
    })
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Odwołaj w imieniu szkoły' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText(/Powód odwołania/), { target: { value: 'Choroba' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Odwołaj lekcję' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Nie możesz odwołać lekcji, która już się rozpoczęła',
    )
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('says so for an address that names no lesson, without asking the server', () => {
    const sent = routeFetch({})
    renderScreen('/admin/lessons/nie-lekcja', '/admin/lessons/:lessonId', <LessonDetailScreen />)
    expect(screen.getByText('Nie ma takiej lekcji.')).toBeTruthy()
    expect(sent).toHaveLength(0)
  })
})
