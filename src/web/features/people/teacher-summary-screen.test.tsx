// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../domain/api/profile.ts'
import { activateLocale } from '../../config/i18n.ts'
import { studentProfile, teacherSummaryFixture } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { TeacherSummaryScreen } from './teacher-summary-screen.tsx'

// The teacher summary page had no way to book or go back.

const teacherSummary = teacherSummaryFixture()
const TEACHER = teacherSummary.id

/** `summary` as the server (or an older saved copy) gives it. */
function show(profile: Profile, summary: object = teacherSummary) {
  signInAs(profile)
  routeFetch({
    'GET /api/v1/students/me': { status: 200, body: { data: profile } },
    'GET /api/v1/teachers/show': { status: 200, body: { data: summary } },
    'GET /api/v1/languages/list': { status: 200, body: { data: [] } },
  })
  return renderScreen(`/dashboard/teacher/${TEACHER}`, '/dashboard/teacher/:id', <TeacherSummaryScreen />)
}

describe('the teacher summary page (teacher/{id})', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('leads a student to the teacher’s week, and back', async () => {
    show(studentProfile())
    const book = await screen.findByRole('link', { name: 'Pokaż terminy: Anna Nowak' })
    expect(book.getAttribute('href')).toBe(`/dashboard/set-lessons?teacher=${TEACHER}`)
    expect(screen.getByRole('button', { name: 'Wróć' })).toBeTruthy()
  })

  it('tells a student the teacher does not take plainly, without a way to book', async () => {
    show(studentProfile(), { ...teacherSummary, not_accepting_new_students: true })
    expect(
      await screen.findByText(/^Lekcje mogą tu umawiać tylko kursanci dodani przez lektora\./),
    ).toBeTruthy()
    expect(screen.queryByRole('link', { name: /^Pokaż terminy/ })).toBeNull()
  })

  it('goes to the student’s start screen when opened directly', async () => {
    show(studentProfile())
    fireEvent.click(await screen.findByRole('button', { name: 'Wróć' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Wróć' })).toBeNull())
  })

  // The comments were required and then shown nowhere.
  it('shows the recent comments, each signed with the student’s first name and initial', async () => {
    show(studentProfile(), {
      ...teacherSummary,
      recent_reviews: [
        {
          value: 3,
          comment: 'Świetna lekcja, dużo mówienia.',
          student_name: 'Marta D.',
          rated_at: '2026-11-20T09:00:00.000Z',
        },
      ],
    })
    const reviews = await screen.findByRole('region', { name: 'Opinie kursantów' })
    expect(reviews.textContent).toContain('Świetna lekcja, dużo mówienia.')
    expect(reviews.textContent).toContain('— Marta D.')
    expect(reviews.textContent).toContain('20.11.2026')
    expect(screen.getByText('Ocena: 3 z 5')).toBeTruthy()
  })

  it('reads a summary kept on the device before the comments came, without a comments card', async () => {
    const older = Object.fromEntries(
      Object.entries(teacherSummary).filter(([key]) => key !== 'recent_reviews'),
    )
    show(studentProfile(), older)
    await screen.findByRole('link', { name: 'Pokaż terminy: Anna Nowak' })
    expect(screen.queryByRole('region', { name: 'Opinie kursantów' })).toBeNull()
  })
})
