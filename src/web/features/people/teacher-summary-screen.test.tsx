// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../domain/api/profile.ts'
import { activateLocale } from '../../app/i18n.ts'
import { studentProfile, teacherSummaryFixture } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { TeacherSummaryScreen } from './teacher-summary-screen.tsx'

// issue #11 item 8: the teacher summary page had no way to book or go back.

const teacherSummary = teacherSummaryFixture()
const TEACHER = teacherSummary.id

function show(profile: Profile, summary = teacherSummary) {
  signInAs(profile)
  routeFetch({
    'GET /api/v1/students/me': { status: 200, body: { data: profile } },
    'GET /api/v1/teachers/show': { status: 200, body: { data: summary } },
    'GET /api/v1/languages/list': { status: 200, body: { data: [] } },
  })
  return renderScreen(`/dashboard/teacher/${TEACHER}`, '/dashboard/teacher/:id', <TeacherSummaryScreen />)
}

describe('the teacher summary page (spec §2 teacher/{id})', () => {
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
})
