// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { ScheduleNotice } from './schedule-notice.tsx'
import { SCHEDULE_NOTICE_CUTOFF, scheduleNoticeDue } from './schedule-notice-decision.ts'

const title = 'Zmiana kalendarza grafiku'
const teacher = teacherProfile()

describe('schedule-change notice decision', () => {
  it('puts the cutoff at 19 July 2024 23:59 Poland summer time (21:59 UTC)', () => {
    expect(SCHEDULE_NOTICE_CUTOFF.toISOString()).toBe('2024-07-19T21:59:00.000Z')
  })

  it('is due for a teacher just before the cutoff and not from the cutoff on', () => {
    const cutoff = SCHEDULE_NOTICE_CUTOFF.getTime()
    expect(scheduleNoticeDue('teacher', cutoff - 1, false)).toBe('teacher')
    expect(scheduleNoticeDue('teacher', Date.parse('2024-07-19T21:58:59Z'), false)).toBe('teacher')
    expect(scheduleNoticeDue('teacher', cutoff, false)).toBeNull()
    // 23:59 as a UTC time would be two hours too late: 22:30 UTC is already 20 July in Poland.
    expect(scheduleNoticeDue('teacher', Date.parse('2024-07-19T22:30:00Z'), false)).toBeNull()
    // wall clock: long past the cut-off (2024) at any hour of any later day
    expect(scheduleNoticeDue('teacher', Date.now(), false)).toBeNull()
  })

  it('is due for a student too (their calendar-switch notice), and never twice in one sign-in', () => {
    const before = Date.parse('2024-07-10T08:00:00Z')
    expect(scheduleNoticeDue('student', before, false)).toBe('student')
    expect(scheduleNoticeDue('student', SCHEDULE_NOTICE_CUTOFF.getTime(), false)).toBeNull()
    expect(scheduleNoticeDue('teacher', before, true)).toBeNull()
  })
})

describe('InformAboutHarmonogramChange after login', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] })
    vi.setSystemTime(new Date('2024-07-10T08:00:00Z'))
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('opens for a teacher 500 ms after login, once per sign-in', async () => {
    signInAs(teacher)
    renderScreen('/', '/', <ScheduleNotice profile={teacher} />)
    await act(async () => vi.advanceTimersByTime(499))
    expect(screen.queryByText(title)).toBeNull()
    await act(async () => vi.advanceTimersByTime(1))
    expect(screen.getByText(title)).toBeTruthy()
    cleanup()
    renderScreen('/', '/', <ScheduleNotice profile={teacher} />)
    await act(async () => vi.advanceTimersByTime(1000))
    expect(screen.queryByText(title)).toBeNull()
  })

  it('tells a student of the calendar switch of 12 July instead', async () => {
    const student = studentProfile()
    signInAs(student)
    renderScreen('/', '/', <ScheduleNotice profile={student} />)
    await act(async () => vi.advanceTimersByTime(500))
    expect(screen.queryByText(title)).toBeNull()
    expect(screen.getByText('Nowy kalendarz od 12 lipca')).toBeTruthy()
    expect(screen.getByText(/Twoje umówione lekcje pozostają bez zmian/)).toBeTruthy()
  })

  it('stays away after the cutoff', async () => {
    vi.setSystemTime(new Date('2024-07-19T22:00:00Z'))
    signInAs(teacher)
    renderScreen('/', '/', <ScheduleNotice profile={teacher} />)
    await act(async () => vi.advanceTimersByTime(1000))
    expect(screen.queryByText(title)).toBeNull()
  })
})
