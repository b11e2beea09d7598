// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Timetable, TimetableSlot } from '../../domain/api/timetables.ts'
import { SLOT_TOOLTIP_MS } from '../../domain/constants.ts'
import { activateLocale } from '../config/i18n.ts'
import { theme } from '../config/theme.ts'
import { ScheduleSlots, type SlotSelection } from './schedule-slots.tsx'

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const slot = (n: number, time: string, flags: Partial<TimetableSlot> = {}): TimetableSlot => ({
  id: id(n),
  time,
  available: true,
  scheduled: false,
  missed: false,
  ...flags,
})

const days: Timetable['timetable'] = [
  {
    date: '2026-11-23',
    slots: [
      slot(1, '08:00'),
      slot(2, '08:45'),
      slot(3, '10:00', { scheduled: true, available: false }),
      slot(4, '11:00', { missed: true, available: false }),
      slot(5, '12:00', { available: false }),
    ],
    has_own_lesson: false,
  },
  { date: '2026-11-24', slots: [], has_own_lesson: false },
]

function show(selection?: Partial<SlotSelection>, viewer: 'student' | 'teacher' = 'student') {
  const onToggle = vi.fn()
  const full: SlotSelection = { selectedIds: [], onToggle, limit: 2, limitReached: false, ...selection }
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <ScheduleSlots days={days} graceHours={12} selection={selection ? full : undefined} viewer={viewer} />
      </I18nProvider>
    </MantineProvider>,
  )
  return onToggle
}

/** Tooltips that are open (happy-dom has no layout, so Mantine marks them display: none). */
const openTooltips = () =>
  screen
    .queryAllByRole('tooltip', { hidden: true })
    .filter((tip) => tip.style.opacity !== '0')
    .map((tip) => tip.textContent)

const slotButton = (time: string) => screen.getByRole('button', { name: new RegExp(`, ${time}`) })

describe('ScheduleSlots (slot selection)', () => {
  beforeEach(() => activateLocale('pl'))
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('groups slots under the weekday and date, and says when a day has none', () => {
    show({})
    expect(screen.getByRole('heading', { name: /poniedziałek 23\.11/i })).toBeTruthy()
    expect(screen.getByRole('heading', { name: /wtorek 24\.11/i })).toBeTruthy()
    expect(screen.getByText('Brak terminów')).toBeTruthy()
  })

  it('names every slot with its date, time and state', () => {
    show({ selectedIds: [id(2)] })
    expect(slotButton('08:00').getAttribute('aria-label')).toMatch(/^poniedziałek 23\.11, 08:00.*: wolny$/)
    expect(slotButton('08:45').getAttribute('aria-pressed')).toBe('true')
    expect(slotButton('08:45').getAttribute('aria-label')).toMatch(/wybrany$/)
    expect(slotButton('10:00').getAttribute('aria-label')).toMatch(/masz już lekcję w tym czasie$/)
    expect(slotButton('11:00').getAttribute('aria-label')).toMatch(/za późno na rezerwację$/)
    expect(slotButton('12:00').getAttribute('aria-label')).toMatch(/niedostępny$/)
  })

  it('toggles an available slot and a selected one', () => {
    const onToggle = show({ selectedIds: [id(2)] })
    fireEvent.click(slotButton('08:00'))
    fireEvent.click(slotButton('08:45'))
    expect(onToggle.mock.calls.map(([picked, day]) => [picked.id, day.date])).toEqual([
      [id(1), '2026-11-23'],
      [id(2), '2026-11-23'],
    ])
  })

  it('refuses scheduled, missed and unavailable slots and says why', async () => {
    const onToggle = show({})
    for (const time of ['10:00', '11:00', '12:00']) {
      expect(slotButton(time).getAttribute('aria-disabled')).toBe('true')
      fireEvent.click(slotButton(time))
    }
    expect(onToggle).not.toHaveBeenCalled()
    expect(await screen.findByText('Masz już zaplanowaną lekcję w tym czasie.')).toBeTruthy()
    expect(
      screen.getByText('Lekcję trzeba umówić co najmniej 12 godzin przed jej rozpoczęciem.'),
    ).toBeTruthy()
    expect(screen.getAllByText('Ten termin jest niedostępny.').length).toBeGreaterThan(0)
  })

  it('fades the other slots at the limit and shows the limit for 3.5 s when one is tried', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const onToggle = show({ selectedIds: [id(2)], limitReached: true })
    expect(slotButton('08:00').getAttribute('data-faded')).toBe('true')
    expect(slotButton('08:45').getAttribute('data-faded')).toBeNull()
    fireEvent.click(slotButton('08:00'))
    expect(onToggle).not.toHaveBeenCalled()
    const limit = 'Osiągnięto limit: możesz mieć naraz najwyżej 2 zaplanowane lekcje.'
    await waitFor(() => expect(openTooltips()).toEqual([limit]))
    expect(screen.getByRole('status').textContent).toBe(limit)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SLOT_TOOLTIP_MS - 200)
    })
    expect(openTooltips()).toEqual([limit])
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000)
    })
    await waitFor(() => expect(openTooltips()).toEqual([]))
    fireEvent.click(slotButton('08:45'))
    expect(onToggle).toHaveBeenCalledTimes(1)
  })

  it('fades and refuses a slot its day refuses, saying why on screen and to screen readers', async () => {
    const onToggle = show({
      selectedIds: [id(1)],
      dayRefusal: (day, slot) => (slot.id === id(2) ? `Jedna lekcja dziennie (${day.date})` : null),
    })
    const refused = slotButton('08:45')
    expect(refused.getAttribute('data-faded')).toBe('true')
    expect(refused.getAttribute('aria-disabled')).toBe('true')
    expect(refused.getAttribute('aria-label')).toMatch(/: Jedna lekcja dziennie \(2026-11-23\)$/)
    fireEvent.click(refused)
    expect(onToggle).not.toHaveBeenCalled()
    await waitFor(() => expect(openTooltips()).toEqual(['Jedna lekcja dziennie (2026-11-23)']))
    // The chosen slot can still be taken back.
    fireEvent.click(slotButton('08:00'))
    expect(onToggle).toHaveBeenCalledTimes(1)
  })

  // It took 26 Tabs to reach Thursday.
  it('is one Tab stop, the first chosen slot, with arrow keys moving inside the week', () => {
    show({ selectedIds: [id(2)] })
    const stops = screen.getAllByRole('button').filter((button) => button.tabIndex === 0)
    expect(stops).toEqual([slotButton('08:45')])
    expect(slotButton('08:45').getAttribute('aria-describedby')).toBeTruthy()
    slotButton('08:45').focus()
    fireEvent.keyDown(slotButton('08:45'), { key: 'ArrowDown' })
    expect(document.activeElement).toBe(slotButton('10:00'))
    // The focused slot becomes the stop Tab returns to.
    expect(slotButton('10:00').tabIndex).toBe(0)
    expect(slotButton('08:45').tabIndex).toBe(-1)
    fireEvent.keyDown(slotButton('10:00'), { key: 'End' })
    expect(document.activeElement).toBe(slotButton('12:00'))
    fireEvent.keyDown(slotButton('12:00'), { key: 'Home' })
    expect(document.activeElement).toBe(slotButton('08:00'))
  })

  it('takes the focus to a slot when asked (after booking)', () => {
    show({ focusRequest: { slotId: id(3) } })
    expect(document.activeElement).toBe(slotButton('10:00'))
  })

  it('blocks every slot while booking is blocked (offline)', () => {
    const onToggle = show({ blocked: { reason: 'Rezerwacja po odzyskaniu połączenia' } })
    fireEvent.click(slotButton('08:00'))
    expect(onToggle).not.toHaveBeenCalled()
    expect(slotButton('08:00').getAttribute('aria-disabled')).toBe('true')
  })

  it('shows the week read-only, without buttons, when there is no selection', () => {
    show()
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(screen.getByText(/poniedziałek 23\.11, 10:00.*: masz już lekcję w tym czasie/)).toBeTruthy()
  })

  // Her own past slots told the teacher "za późno na rezerwację".
  it('tells a teacher in her own words that students can no longer book a slot', async () => {
    show(undefined, 'teacher')
    expect(screen.getByText(/poniedziałek 23\.11, 11:00.*: zamknięty dla rezerwacji$/)).toBeTruthy()
    expect(screen.getByText(/poniedziałek 23\.11, 10:00.*: zarezerwowany$/)).toBeTruthy()
    expect(screen.queryByText(/za późno na rezerwację/)).toBeNull()
  })

  // A refusal's hint stayed open over the booking dialog opened right after it.
  it('closes a refusal’s hint at the next press elsewhere, or when the focus moves on', async () => {
    show({ selectedIds: [id(2)], limitReached: true })
    const limit = 'Osiągnięto limit: możesz mieć naraz najwyżej 2 zaplanowane lekcje.'
    fireEvent.click(slotButton('08:00'))
    await waitFor(() => expect(openTooltips()).toEqual([limit]))
    fireEvent.pointerDown(document.body)
    await waitFor(() => expect(openTooltips()).toEqual([]))

    slotButton('08:00').focus()
    fireEvent.click(slotButton('08:00'))
    await waitFor(() => expect(openTooltips()).toEqual([limit]))
    fireEvent.blur(slotButton('08:00'))
    await waitFor(() => expect(openTooltips()).toEqual([]))
  })
})
