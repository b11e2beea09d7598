// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { lessonKeys } from '../../api/lessons.ts'
import { activateLocale } from '../../config/i18n.ts'
import { invalidated, renderDialog } from '../../test-support/dialog-test-harness.tsx'
import { lessonFixture, teacherLessonFixture } from '../../test-support/lesson-fixture.ts'
import { STUDENT_ID, studentProfile, TEACHER_ID, teacherProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { ReportAbsenceDialog } from './report-absence-dialog.tsx'

const REPORT = 'POST /api/v1/lessons/report_absence'

function open(lesson: Lesson, role: 'student' | 'teacher') {
  signInAs(role === 'student' ? studentProfile() : teacherProfile())
  const onClose = vi.fn()
  const rendered = renderDialog(<ReportAbsenceDialog lesson={lesson} onClose={onClose} />, { role })
  rendered.queryClient.setQueryData(lessonKeys.list('scheduled'), {})
  return { ...rendered, onClose }
}

const dialog = () => screen.getByRole('dialog', { name: 'Zgłoś nieobecność' })
const report = () => within(dialog()).getByRole('button', { name: 'Wyślij zgłoszenie' })

describe('ReportAbsence', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it("reports the teacher's absence for a student, refreshes the list and says so", async () => {
    const lesson = lessonFixture()
    const sent = routeFetch({ [REPORT]: { status: 200, body: { data: lesson } } })
    const { onClose, queryClient } = open(lesson, 'student')
    expect(
      within(dialog()).getByText('Zgłaszasz nieobecność lektora na tej lekcji: Anna Nowak.'),
    ).toBeTruthy()
    fireEvent.change(within(dialog()).getByLabelText('Uwagi (opcjonalnie)'), {
      target: { value: ' Czekałam 15 minut ' },
    })
    fireEvent.click(report())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({
      lesson_id: lesson.id,
      absentee_id: TEACHER_ID,
      note: 'Czekałam 15 minut',
    })
    expect(sent[0]?.headers['idempotency-key']).toBeTruthy()
    expect(await screen.findByText('Nieobecność została zgłoszona')).toBeTruthy()
    expect(invalidated(queryClient, lessonKeys.list('scheduled'))).toBe(true)
  })

  it('names the student as the absentee for a teacher; the note may stay empty but not exceed 255', async () => {
    const lesson = teacherLessonFixture()
    const sent = routeFetch({ [REPORT]: { status: 200, body: { data: lesson } } })
    const { onClose } = open(lesson, 'teacher')
    expect(
      within(dialog()).getByText('Zgłaszasz nieobecność kursanta na tej lekcji: Julia Jankowska.'),
    ).toBeTruthy()
    fireEvent.change(within(dialog()).getByLabelText('Uwagi (opcjonalnie)'), {
      target: { value: 'z'.repeat(256) },
    })
    expect(report().hasAttribute('disabled')).toBe(true)
    fireEvent.change(within(dialog()).getByLabelText('Uwagi (opcjonalnie)'), { target: { value: '' } })
    fireEvent.click(report())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ lesson_id: lesson.id, absentee_id: STUDENT_ID, note: '' })
  })

  it('says whether the absentee ever came to the lesson room, as the server recorded it', () => {
    const now = Date.parse('2026-11-25T07:20:00.000Z')
    const absent = lessonFixture({
      attendance: [{ role: 'student', from: '2026-11-25T06:58:00.000Z', to: null }],
    })
    signInAs(studentProfile())
    renderDialog(<ReportAbsenceDialog lesson={absent} onClose={vi.fn()} />, { role: 'student', now })
    expect(within(dialog()).getByTestId('absentee-presence').textContent).toBe(
      'Według zapisu obecności lektora dotąd nie było w pokoju lekcji. ',
    )
    cleanup()
    const came = teacherLessonFixture({
      attendance: [{ role: 'student', from: '2026-11-25T06:58:00.000Z', to: '2026-11-25T07:03:00.000Z' }],
    })
    signInAs(teacherProfile())
    renderDialog(<ReportAbsenceDialog lesson={came} onClose={vi.fn()} />, { role: 'teacher', now })
    expect(within(dialog()).getByTestId('absentee-presence').textContent).toBe(
      'Według zapisu obecności kursant był w pokoju lekcji: 07:58–08:03',
    )
  })

  it('stays open when the absence was already reported', async () => {
    routeFetch({
      [REPORT]: {
        status: 409,
        body: {
          error: 'You have already reported an absence for this lesson',
          code: 'absence_already_reported',
        },
      },
    })
    const { onClose } = open(lessonFixture(), 'student')
    fireEvent.click(report())
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(
      'Nieobecność na tej lekcji została już przez Ciebie zgłoszona',
    )
    expect(onClose).not.toHaveBeenCalled()
  })
})
