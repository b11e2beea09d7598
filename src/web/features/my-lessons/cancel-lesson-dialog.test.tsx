// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CancelOutcome } from '../../../domain/api/my-lessons.ts'
import { lessonKeys } from '../../api/lessons.ts'
import { profileKeys } from '../../api/profile.ts'
import { getSession } from '../../api/session.ts'
import { timetableKeys } from '../../api/timetables.ts'
import { activateLocale } from '../../config/i18n.ts'
import { invalidated, renderDialog } from '../../test-support/dialog-test-harness.tsx'
import { lessonFixture } from '../../test-support/lesson-fixture.ts'
import { STUDENT_ID, studentProfile, TEACHER_ID, teacherProfile } from '../../test-support/profile-fixture.ts'
import { type Answer, routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { CancelLessonDialog } from './cancel-lesson-dialog.tsx'

const CANCEL = 'POST /api/v1/lessons/cancel'
const SETTINGS = {
  'GET /api/v1/settings/show': {
    status: 200,
    body: { data: { ban_duration: 14, cancellation_earliness: 24, lesson_earliness_condition: 12 } },
  },
}
// Monday 23 November 2026, 08:00 Poland time; the lesson is on Wednesday 25.11 at 08:00.
const NOW = Date.parse('2026-11-23T07:00:00Z')
const lesson = lessonFixture()
const answer = (outcome: CancelOutcome, banned_until: string | null = null): Answer => ({
  status: 200,
  body: { data: { lesson: { ...lesson, status: 'cancelled' }, outcome, banned_until } },
})

function open(options: { role?: 'student' | 'teacher'; now?: number } = {}) {
  const role = options.role ?? 'student'
  signInAs(role === 'student' ? studentProfile() : teacherProfile())
  const onClose = vi.fn()
  const rendered = renderDialog(<CancelLessonDialog lesson={lesson} onClose={onClose} />, {
    role,
    now: options.now ?? NOW,
  })
  const { queryClient } = rendered
  for (const key of [
    lessonKeys.list('scheduled'),
    lessonKeys.list('finished'),
    profileKeys.me('student', STUDENT_ID),
    timetableKeys.week(TEACHER_ID, '2026-11-23'),
  ])
    queryClient.setQueryData(key, {})
  return { ...rendered, onClose }
}

const dialog = () => screen.getByRole('dialog', { name: 'Odwołaj lekcję' })
const reason = () => within(dialog()).getByLabelText(/Powód odwołania/)
const confirm = () => within(dialog()).getByRole('button', { name: 'Odwołaj lekcję' })

function toReason(text: string) {
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Dalej' }))
  fireEvent.change(reason(), { target: { value: text } })
}

describe('CancelLesson', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows the lesson with Join first, then asks for a required reason of at most 255 characters', async () => {
    routeFetch(SETTINGS)
    open()
    expect(within(dialog()).getByText('Anna Nowak')).toBeTruthy()
    expect(
      within(dialog())
        .getByRole('button', { name: /Dołącz do lekcji/ })
        .hasAttribute('disabled'),
    ).toBe(true)
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Dalej' }))
    expect(confirm().hasAttribute('disabled')).toBe(true)
    fireEvent.change(reason(), { target: { value: '   ' } })
    expect(confirm().hasAttribute('disabled')).toBe(true)
    fireEvent.change(reason(), { target: { value: 'x'.repeat(256) } })
    expect(within(dialog()).getByText('Najwyżej 255 znaków')).toBeTruthy()
    expect(confirm().hasAttribute('disabled')).toBe(true)
    fireEvent.change(reason(), { target: { value: 'Wyjazd służbowy' } })
    expect(within(dialog()).getByText('15/255')).toBeTruthy()
    expect(confirm().hasAttribute('disabled')).toBe(false)
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Wstecz' }))
    expect(within(dialog()).getByRole('button', { name: 'Dalej' })).toBeTruthy()
  })

  it('moves the focus to the reason on the next step and back to Dalej on the way back', () => {
    routeFetch(SETTINGS)
    open()
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Dalej' }))
    expect(document.activeElement).toBe(reason())
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Wstecz' }))
    expect(document.activeElement).toBe(within(dialog()).getByRole('button', { name: 'Dalej' }))
  })

  it('cancels with the reason and a key, refreshes the lists, timetable and profile, and closes', async () => {
    const sent = routeFetch({ ...SETTINGS, [CANCEL]: answer('cancelled') })
    const { onClose, queryClient } = open()
    toReason(' Wyjazd służbowy ')
    fireEvent.click(confirm())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const request = sent.find((r) => r.path.endsWith('/lessons/cancel'))
    expect(request?.body).toEqual({ lesson_id: lesson.id, cancellation_reason: 'Wyjazd służbowy' })
    expect(request?.headers['idempotency-key']).toMatch(/^[\w-]{8,}$/)
    expect(await screen.findByText('Lekcja została odwołana')).toBeTruthy()
    expect(invalidated(queryClient, lessonKeys.list('scheduled'))).toBe(true)
    expect(invalidated(queryClient, lessonKeys.list('finished'))).toBe(true)
    expect(invalidated(queryClient, timetableKeys.week(TEACHER_ID, '2026-11-23'))).toBe(true)
    expect(invalidated(queryClient, profileKeys.me('student', STUDENT_ID))).toBe(true)
  })

  it('stays open with the reason when the lesson has already started, and a retry gets a new key', async () => {
    const sent = routeFetch({
      ...SETTINGS,
      [CANCEL]: {
        status: 422,
        body: { error: 'You cannot cancel a lesson that has already started', code: 'lesson_started' },
      },
    })
    const { onClose } = open()
    toReason('Choroba')
    fireEvent.click(confirm())
    const alert = await within(dialog()).findByRole('alert')
    expect(alert.textContent).toContain('Nie możesz odwołać lekcji, która już się rozpoczęła')
    expect(onClose).not.toHaveBeenCalled()
    await waitFor(() => expect(confirm().getAttribute('data-loading')).toBeNull())
    fireEvent.click(confirm())
    await waitFor(() => expect(sent.filter((r) => r.path.endsWith('/cancel'))).toHaveLength(2))
    const keys = sent.filter((r) => r.path.endsWith('/cancel')).map((r) => r.headers['idempotency-key'])
    expect(keys[0]).not.toBe(keys[1])
  })

  it('reuses the key when the same cancel is retried after a lost connection', async () => {
    let calls = 0
    const sent = routeFetch({
      ...SETTINGS,
      [CANCEL]: () => {
        calls += 1
        if (calls === 1) throw new TypeError('Failed to fetch')
        return answer('cancelled')
      },
    })
    const { onClose } = open()
    toReason('Choroba')
    fireEvent.click(confirm())
    expect(await within(dialog()).findByRole('alert')).toBeTruthy()
    await waitFor(() => expect(confirm().getAttribute('data-loading')).toBeNull())
    fireEvent.click(confirm())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const keys = sent.filter((r) => r.path.endsWith('/cancel')).map((r) => r.headers['idempotency-key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBe(keys[1])
  })

  it('warns a student about a late cancellation before it is sent', () => {
    routeFetch(SETTINGS)
    open({ now: Date.parse('2026-11-24T12:00:00Z') })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Dalej' }))
    expect(within(dialog()).getByText(/mniej niż 24 godziny/).textContent).toContain('ostrzeżenie')
  })

  it("shows a teacher's late cancellation as a financial penalty", async () => {
    routeFetch({ ...SETTINGS, [CANCEL]: answer('penalty') })
    const { onClose } = open({ role: 'teacher' })
    toReason('Choroba')
    fireEvent.click(confirm())
    expect(await within(dialog()).findByText(/zostanie naliczona kara finansowa/)).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Rozumiem' }))
    expect(onClose).toHaveBeenCalled()
  })

  it('refreshes the profile after a warning, so BanWarn shows', async () => {
    routeFetch({ ...SETTINGS, [CANCEL]: answer('warned') })
    const { onClose, queryClient } = open()
    toReason('Choroba')
    fireEvent.click(confirm())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(invalidated(queryClient, profileKeys.me('student', STUDENT_ID))).toBe(true)
  })

  it('signs a banned student out and says until when', async () => {
    routeFetch({
      ...SETTINGS,
      [CANCEL]: answer('banned', '2026-12-07T10:00:00.000Z'),
      'POST /api/v1/users/sign_out': { status: 200, body: {} },
    })
    const { router } = open()
    toReason('Choroba')
    fireEvent.click(confirm())
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(getSession()).toBeNull()
    expect(
      await screen.findByText('Twoje konto jest zablokowane do 07.12.2026 z powodu odwoływania lekcji'),
    ).toBeTruthy()
  })
})
