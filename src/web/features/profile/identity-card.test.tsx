// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession } from '../../api/session.ts'
import { activateLocale } from '../../config/i18n.ts'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { answerWith, signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { IdentityCard } from './identity-card.tsx'

// The profile's `teacher_students` (GET /teachers/me) shown on the teacher's profile.
describe('the identity card', () => {
  beforeEach(() => activateLocale('pl'))
  afterEach(() => {
    cleanup()
    clearSession()
    vi.unstubAllGlobals()
  })

  it('shows a teacher how many students they approved, from /teachers/me', async () => {
    const profile = teacherProfile()
    signInAs(profile)
    const sent = answerWith(200, { data: { ...profile, teacher_students: 3 } })
    renderScreen('/', '/', <IdentityCard profile={profile} name="Anna Nowak" onChangePicture={() => {}} />)
    expect(await screen.findByText('Zatwierdzeni kursanci: 3')).toBeTruthy()
    expect(sent.map((request) => request.path)).toEqual(['/api/v1/teachers/me'])
  })

  it('says it in English, and asks nothing for a student', async () => {
    activateLocale('en')
    const teacher = teacherProfile()
    signInAs(teacher)
    answerWith(200, { data: { ...teacher, teacher_students: 1 } })
    renderScreen('/', '/', <IdentityCard profile={teacher} name="Anna Nowak" onChangePicture={() => {}} />)
    expect(await screen.findByText('Approved students: 1')).toBeTruthy()
    cleanup()

    const student = studentProfile()
    signInAs(student)
    const sent = answerWith(200, {})
    renderScreen('/', '/', <IdentityCard profile={student} name="Julia" onChangePicture={() => {}} />)
    expect(screen.queryByText(/Approved students/)).toBeNull()
    expect(sent).toEqual([])
  })
})
