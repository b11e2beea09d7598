import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TimetableSlot } from '../../../domain/api/timetables.ts'
import { limitReached } from '../../../domain/schedule/slot-rules.ts'
import { type PickedSlot, pruneSelection, toggleSlot } from './slot-selection.ts'

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const slot = (n: number, flags: Partial<TimetableSlot> = {}): TimetableSlot => ({
  id: id(n),
  time: `${String(6 + n).padStart(2, '0')}:00`,
  available: true,
  scheduled: false,
  missed: false,
  ...flags,
})

describe('slot selection (spec §4)', () => {
  it('adds an available slot and removes it on the second click', () => {
    const once = toggleSlot([], slot(1), '2026-11-23', false)
    expect(once).toEqual([{ id: id(1), date: '2026-11-23', time: '07:00' }])
    expect(toggleSlot(once, slot(1), '2026-11-23', false)).toEqual([])
  })

  it('keeps the selection in date and time order', () => {
    let picked: PickedSlot[] = []
    picked = toggleSlot(picked, slot(3), '2026-11-24', false)
    picked = toggleSlot(picked, slot(2), '2026-11-24', false)
    picked = toggleSlot(picked, slot(5), '2026-11-23', false)
    expect(picked.map((p) => p.id)).toEqual([id(5), id(2), id(3)])
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
            picked = toggleSlot(picked, slot(n), '2026-11-23', limitReached(picked.length, scheduled, limit))
            if (wasSelected) expect(picked.length).toBe(before - 1)
            expect(picked.length + scheduled <= Math.max(limit, scheduled)).toBe(true)
          }
        },
      ),
    )
  })

  it('ignores scheduled, missed and unavailable slots', () => {
    for (const flags of [{ scheduled: true }, { missed: true }, { available: false }]) {
      expect(toggleSlot([], slot(1, flags), '2026-11-23', false)).toEqual([])
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
