import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TimetableSlot } from '../../../domain/api/timetables.ts'
import { limitReached } from '../../../domain/schedule/slot-rules.ts'
import { dayRefusal, type PickedSlot, pruneSelection, type SlotDay, toggleSlot } from './slot-selection.ts'

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const slot = (n: number, flags: Partial<TimetableSlot> = {}): TimetableSlot => ({
  id: id(n),
  time: `${String(6 + n).padStart(2, '0')}:00`,
  available: true,
  scheduled: false,
  missed: false,
  ...flags,
})

const day = (date: string, hasOwnLesson = false): SlotDay => ({ date, has_own_lesson: hasOwnLesson })
/** Slot n's own date, so the one-a-day rule does not get in the way of the other rules' tests. */
const dayOf = (n: number) => day(`2026-11-${String(10 + n).padStart(2, '0')}`)

describe('slot selection', () => {
  it('adds an available slot and removes it on the second click', () => {
    const once = toggleSlot([], slot(1), day('2026-11-23'), false)
    expect(once).toEqual([{ id: id(1), date: '2026-11-23', time: '07:00' }])
    expect(toggleSlot(once, slot(1), day('2026-11-23'), false)).toEqual([])
  })

  it('keeps the selection in date and time order', () => {
    let picked: PickedSlot[] = []
    picked = toggleSlot(picked, slot(3), day('2026-11-25'), false)
    picked = toggleSlot(picked, slot(2), day('2026-11-24'), false)
    picked = toggleSlot(picked, slot(5), day('2026-11-23'), false)
    expect(picked.map((p) => p.id)).toEqual([id(5), id(2), id(3)])
  })

  // The grid offered a second slot of a day, which the server then refused.
  it('refuses a second slot of a date already chosen, naming the chosen time, and frees it again', () => {
    const first = toggleSlot([], slot(1), day('2026-11-23'), false)
    expect(dayRefusal(first, day('2026-11-23'), id(2))).toEqual({ kind: 'picked', time: '07:00' })
    expect(toggleSlot(first, slot(2), day('2026-11-23'), false)).toBe(first)
    // The chosen slot itself is not refused by its own date, and another date is free.
    expect(dayRefusal(first, day('2026-11-23'), id(1))).toBeNull()
    expect(toggleSlot(first, slot(2), day('2026-11-24'), false)).toHaveLength(2)
    const none = toggleSlot(first, slot(1), day('2026-11-23'), false)
    expect(toggleSlot(none, slot(2), day('2026-11-23'), false)).toHaveLength(1)
  })

  it('refuses every slot of a date on which the student already has a lesson', () => {
    expect(dayRefusal([], day('2026-11-23', true), id(1))).toEqual({ kind: 'own_lesson' })
    expect(toggleSlot([], slot(1), day('2026-11-23', true), false)).toEqual([])
  })

  it('never holds two slots of one date, whatever is clicked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 23, max: 25 }))),
        (clicks) => {
          let picked: PickedSlot[] = []
          for (const [n, date] of clicks) picked = toggleSlot(picked, slot(n), day(`2026-11-${date}`), false)
          const dates = picked.map((p) => p.date)
          expect(new Set(dates).size).toBe(dates.length)
        },
      ),
    )
  })

  it('never selects beyond the limit, and always allows deselecting', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 40 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        (clicks, scheduled, limit) => {
          let picked: PickedSlot[] = []
          for (const n of clicks) {
            const before = picked.length
            const wasSelected = picked.some((p) => p.id === id(n))
            picked = toggleSlot(picked, slot(n), dayOf(n), limitReached(picked.length, scheduled, limit))
            if (wasSelected) expect(picked.length).toBe(before - 1)
            expect(picked.length + scheduled <= Math.max(limit, scheduled)).toBe(true)
          }
        },
      ),
    )
  })

  it('ignores scheduled, missed and unavailable slots', () => {
    for (const flags of [{ scheduled: true }, { missed: true }, { available: false }]) {
      expect(toggleSlot([], slot(1, flags), day('2026-11-23'), false)).toEqual([])
    }
  })

  it('drops chosen slots that can no longer be booked after a reload, keeping other weeks', () => {
    const picked: PickedSlot[] = [
      { id: id(1), date: '2026-11-23', time: '07:00' },
      { id: id(2), date: '2026-11-23', time: '08:00' },
      { id: id(9), date: '2026-12-01', time: '15:00' },
    ]
    const days = [{ date: '2026-11-23', slots: [slot(1), slot(2, { available: false })] }]
    expect(pruneSelection(picked, days).map((p) => p.id)).toEqual([id(1), id(9)])
    const unchanged = pruneSelection(picked.slice(0, 1), days)
    expect(unchanged).toEqual(picked.slice(0, 1))
  })
})
