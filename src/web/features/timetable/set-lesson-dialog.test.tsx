// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { TEACHER_ID, teacherProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch, type SentRequest } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { datesBetween, type ScheduleFormValues, scheduleFormFromTimetable } from './schedule-form.ts'
import { editableWeeks, SetLessonDialog } from './set-lesson-dialog.tsx'
import { type SetLessonStep, SetLessonSteps } from './set-lesson-steps.tsx'

const SLOT_ID = '00000000-0000-4000-8000-000000000001'
const SHOW = 'GET /api/v1/teachers/timetables/show'
const UPDATE = 'POST /api/v1/teachers/timetables/update'

// Thursday 12 March 2026, 11:00 in Poland: the form edits 12–15 and 16–22 March.
const NOW = new Date('2026-03-12T10:00:00Z')

const week = (request: SentRequest) => {
  const from = new URLSearchParams(request.query).get('date_from') ?? ''
  const dates = Array.from(
    { length: 7 },
    (_, i) => `2026-03-${String(Number(from.slice(8)) + i).padStart(2, '0')}`,
  )
  const timetable = dates.map((date) => ({
    date,
    // Thursdays: 08:00 and 08:45, so the weekly pattern is 08:00–09:30.
    slots: ['2026-03-12', '2026-03-19'].includes(date)
      ? ['08:00', '08:45'].map((time) => ({
          id: SLOT_ID,
          time,
          available: true,
          scheduled: false,
          missed: false,
        }))
      : [],
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

function Steps({ initial }: { initial: ScheduleFormValues }) {
  const [step, setStep] = useState<SetLessonStep>('edit')
  const weeks = editableWeeks(NOW)
  return (
    <SetLessonSteps initial={initial} weeks={weeks} step={step} onStep={setStep} onClose={() => undefined} />
  )
}

const openDialog = () =>
  renderScreen('/', '/', <SetLessonDialog opened onClose={() => undefined} teacherId={TEACHER_ID} cyclical />)

describe('SetLesson dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    localStorage.clear()
    activateLocale('pl')
    signInAs(teacherProfile({ has_cyclical_timetable: true }))
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('starts from the current slots, confirms, saves and names the booked lessons that stay', async () => {
    const sent = routeFetch({
      [SHOW]: week,
      [UPDATE]: (request) => ({
        status: 200,
        body: {
          data: { ...week(request).body.data, kept_booked_slots: [{ date: '2026-03-19', time: '14:00' }] },
        },
      }),
    })
    openDialog()
    const thursday = await screen.findByRole('group', { name: /^czwartek/ })
    expect(within(thursday).getByText('2 lekcje')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: 'Ten tydzień' }))
    expect(await screen.findAllByText('Jak co tydzień: 08:00–09:30')).toHaveLength(1)

    fireEvent.click(screen.getByRole('button', { name: 'Dalej' }))
    expect(await screen.findByText('Grafik powtarza się co tydzień.')).toBeTruthy()
    // Each later step takes the keyboard focus (the button pressed has just gone).
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Zapisz grafik' })),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz grafik' }))

    expect(await screen.findByText(/19\.03\.2026, 14:00/)).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rozumiem' })))
    expect(screen.getByText(/zostają w Twoim grafiku/)).toBeTruthy()
    expect(sent.find((r) => `${r.method} ${r.path}` === UPDATE)?.body).toEqual({
      cyclical: true,
      weekdays: { '4': [{ start: '08:00', end: '09:30' }] },
      dates: {},
    })
  })

  it("puts the server's field errors back on their interval and stays open", async () => {
    routeFetch({
      [SHOW]: week,
      [UPDATE]: {
        status: 400,
        body: {
          error: 'Invalid input',
          code: 'validation_failed',
          errors: [
            { field: 'weekdays.4.0', message: 'Intervals of one day must not overlap', code: 'time_overlap' },
          ],
        },
      },
    })
    openDialog()
    await screen.findByRole('group', { name: /^czwartek/ })
    fireEvent.click(screen.getByRole('button', { name: 'Dalej' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Zapisz grafik' }))
    expect(await screen.findByText('Przedziały jednego dnia nie mogą na siebie zachodzić')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('Popraw zaznaczone przedziały.')
    expect(screen.getByRole('tab', { name: /Co tydzień/ })).toBeTruthy()
  })

  it('adds and removes intervals with a preview of the lessons they give', async () => {
    routeFetch({ [SHOW]: week })
    openDialog()
    const monday = await screen.findByRole('group', { name: /^poniedziałek/ })
    expect(within(monday).getByText('Wolne')).toBeTruthy()
    fireEvent.click(within(monday).getByRole('button', { name: 'Dodaj przedział: poniedziałek' }))
    expect(within(monday).getByText('1 lekcja')).toBeTruthy()
    fireEvent.click(within(monday).getByRole('button', { name: 'Dodaj przedział: poniedziałek' }))
    fireEvent.click(within(monday).getByRole('button', { name: 'Dodaj przedział: poniedziałek' }))
    // 08:00–09:00, 09:00–10:00 and 10:00–11:00 touch: three hours give four 45-minute lessons.
    expect(within(monday).getByText('4 lekcje')).toBeTruthy()
    fireEvent.click(within(monday).getByRole('button', { name: 'Usuń przedział 3, poniedziałek' }))
    expect(within(monday).getByText('2 lekcje')).toBeTruthy()
  })

  it('checks the intervals before the confirmation and opens the tab holding a problem', async () => {
    routeFetch({})
    const initial = scheduleFormFromTimetable(true, [], datesBetween('2026-03-12', '2026-03-22'))
    initial.dates['2026-03-17'] = {
      own: true,
      intervals: [
        { start: '08:00', end: '10:00' },
        { start: '09:00', end: '11:00' },
      ],
    }
    renderScreen('/', '/', <Steps initial={initial} />)
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Co tydzień')
    fireEvent.click(screen.getByRole('button', { name: 'Dalej' }))
    await waitFor(() =>
      expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Następny tydzień'),
    )
    expect(screen.getByLabelText('Do poprawienia: 2')).toBeTruthy()
    expect(screen.getAllByText('Przedziały jednego dnia nie mogą na siebie zachodzić')).toHaveLength(2)
    expect(screen.queryByText('Grafik powtarza się co tydzień.')).toBeNull()
  })
})
