import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TimetableSlot } from '../../domain/api/timetables.ts'
import { canToggle, hasVacancy, isFaded, slotState } from './slot-state.ts'

const slot = (flags: Partial<TimetableSlot> = {}): TimetableSlot => ({
  id: '11111111-2222-4333-8444-555555555555',
  time: '08:00',
  available: true,
  scheduled: false,
  missed: false,
  ...flags,
})

describe('slot states', () => {
  it('shows scheduled and missed before unavailable, since the server marks both unavailable', () => {
    expect(slotState(slot({ scheduled: true, available: false }), false)).toBe('scheduled')
    expect(slotState(slot({ missed: true, available: false }), false)).toBe('missed')
    expect(slotState(slot({ available: false }), false)).toBe('unavailable')
    expect(slotState(slot(), false)).toBe('available')
    expect(slotState(slot(), true)).toBe('selected')
  })

  it('never lets an unavailable, scheduled or missed slot be picked', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (a, s, m, sel, lim) => {
          const state = slotState(slot({ available: a, scheduled: s, missed: m }), sel)
          if (!a || s || m) expect(canToggle(state, lim)).toBe(false)
        },
      ),
    )
  })

  it('lets a selected slot be deselected even when the limit is reached', () => {
    expect(canToggle('selected', true)).toBe(true)
    expect(canToggle('available', true)).toBe(false)
    expect(canToggle('available', false)).toBe(true)
  })

  it('fades only the still available slots once the limit is reached', () => {
    expect(isFaded('available', true)).toBe(true)
    expect(isFaded('selected', true)).toBe(false)
    expect(isFaded('scheduled', true)).toBe(false)
    expect(isFaded('available', false)).toBe(false)
  })

  it('finds no vacancy in a week without bookable slots', () => {
    expect(hasVacancy([{ slots: [] }, { slots: [] }])).toBe(false)
    expect(hasVacancy([{ slots: [slot({ missed: true, available: false })] }])).toBe(false)
    expect(hasVacancy([{ slots: [] }, { slots: [slot()] }])).toBe(true)
  })
})
