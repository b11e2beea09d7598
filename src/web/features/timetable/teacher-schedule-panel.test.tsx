// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { teacherProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch, type SentRequest } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { TeacherSchedulePanel } from './teacher-schedule-panel.tsx'

const SHOW = 'GET /api/v1/teachers/timetables/show'
const slot = (id: string, time: string, scheduled: boolean) => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  time,
  available: !scheduled,
  scheduled,
  missed: false,
})

// Thursday 12 March 2026: the current week starts on Monday 9 March.
const NOW = new Date('2026-03-12T06:00:00Z')

const week = (request: SentRequest) => {
  const from = new URLSearchParams(request.query).get('date_from') ?? ''
  const first = Number(from.slice(8))
  const timetable = Array.from({ length: 7 }, (_, i) => ({
    date: `2026-03-${String(first + i).padStart(2, '0')}`,
    // Fridays 10:00 and 10:45; this week's 10:00 is booked.
    slots: i === 4 ? [slot('1', '10:00', from === '2026-03-09'), slot('2', '10:45', false)] : [],
    has_own_lesson: false,
  }))
  const data = {
    timetable,
    scheduled_lessons_count: 0,
    lesson_earliness_condition: 12,
    scheduled_lessons_limit_per_student: 2,
    not_accepting_new_students: false,
  }
  return { status: 200, body: { data } }
}

describe("the teacher's my-lessons: Mój grafik", () => {
  const teacher = teacherProfile({ has_cyclical_timetable: true })
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    localStorage.clear()
    activateLocale('pl')
    signInAs(teacher)
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it("shows the teacher's own week with booked slots marked, and the next week on request", async () => {
    const sent = routeFetch({ [SHOW]: week })
    renderScreen('/', '/', <TeacherSchedulePanel profile={teacher} />)
    expect(await screen.findByText(/13\.03, 10:00.*: zarezerwowany/)).toBeTruthy()
    expect(sent[0]?.query).toBe(`?teacher_id=${teacher.id}&date_from=2026-03-09&date_to=2026-03-15`)
    fireEvent.click(screen.getByRole('button', { name: 'Następny tydzień' }))
    expect(await screen.findByText(/20\.03, 10:00.*: wolny/)).toBeTruthy()
    expect(sent.at(-1)?.query).toContain('date_from=2026-03-16')
  })

  it('opens SetLesson from "Edytuj grafik" with the current hours', async () => {
    routeFetch({ [SHOW]: week })
    renderScreen(
      '/',
      '/',
      <TeacherSchedulePanel profile={teacher} actions={<button type="button">Kursanci</button>} />,
    )
    expect(screen.getByRole('button', { name: 'Kursanci' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Edytuj grafik' }))
    const dialog = await screen.findByRole('dialog', { name: 'Grafik pracy' })
    // Fridays have 10:00 and 10:45: the weekly pattern for Fridays is 10:00–11:30.
    await waitFor(() => expect(dialog.textContent).toContain('2 lekcje'))
  })
})
