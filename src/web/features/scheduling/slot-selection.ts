import type { Timetable, TimetableSlot } from '../../../domain/api/timetables.ts'
import { canToggle, slotState } from '../../ui/slot-state.ts'

// Slot selection (product-rules.md "Booking"), kept as plain data so the screen's rules are
// unit-tested.

/** A chosen slot with what its chip and the confirm dialog show. */
export type PickedSlot = { id: string; date: string; time: string }

/** The date a slot is on, and whether the student already has a lesson that day (the server says). */
export type SlotDay = Pick<Timetable['timetable'][number], 'date' | 'has_own_lesson'>

/**
 * Why an available slot of `day` cannot be added now, by the server's date rules (product-rules.md
 * "Same-day rule": one lesson a day with a teacher, and no second lesson on a date that has one):
 * another slot of that date is already chosen (its time), or the student has a lesson that day.
 */
export type DayRefusal = { kind: 'picked'; time: string } | { kind: 'own_lesson' }

export function dayRefusal(selection: PickedSlot[], day: SlotDay, slotId: string): DayRefusal | null {
  const picked = selection.find((chosen) => chosen.date === day.date && chosen.id !== slotId)
  if (picked) return { kind: 'picked', time: picked.time }
  return day.has_own_lesson ? { kind: 'own_lesson' } : null
}

/**
 * Clicking a slot: a selected one is removed; an available one is added unless the limit is
 * reached or its date refuses it (dayRefusal).
 */
export function toggleSlot(
  selection: PickedSlot[],
  slot: TimetableSlot,
  day: SlotDay,
  limitReached: boolean,
): PickedSlot[] {
  const selected = selection.some((picked) => picked.id === slot.id)
  if (!canToggle(slotState(slot, selected), limitReached)) return selection
  if (selected) return selection.filter((picked) => picked.id !== slot.id)
  if (dayRefusal(selection, day, slot.id)) return selection
  return [...selection, { id: slot.id, date: day.date, time: slot.time }].sort((a, b) =>
    `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`),
  )
}

/**
 * After the timetable reloads, a chosen slot of the shown dates that can no longer be booked (taken
 * by someone else, now missed) leaves the selection; slots of other weeks stay.
 */
export function pruneSelection(
  selection: PickedSlot[],
  days: Pick<Timetable['timetable'][number], 'date' | 'slots'>[],
): PickedSlot[] {
  const shownDates = new Set(days.map((day) => day.date))
  const bookable = new Set(
    days.flatMap((day) =>
      day.slots.filter((slot) => slotState(slot, false) === 'available').map((slot) => slot.id),
    ),
  )
  const kept = selection.filter((picked) => !shownDates.has(picked.date) || bookable.has(picked.id))
  return kept.length === selection.length ? selection : kept
}
