import type { Timetable, TimetableSlot } from '../../../domain/api/timetables.ts'
import { canToggle, slotState } from '../../ui/slot-state.ts'

// spec §4 slot selection, kept as plain data so the screen's rules are unit-tested.

/** A chosen slot with what its chip and the confirm dialog show. */
export type PickedSlot = { id: string; date: string; time: string }

/** Clicking a slot: a selected one is removed, an available one added unless the limit is reached. */
export function toggleSlot(
  selection: PickedSlot[],
  slot: TimetableSlot,
  date: string,
  limitReached: boolean,
): PickedSlot[] {
  const selected = selection.some((picked) => picked.id === slot.id)
  if (!canToggle(slotState(slot, selected), limitReached)) return selection
  if (selected) return selection.filter((picked) => picked.id !== slot.id)
  return [...selection, { id: slot.id, date, time: slot.time }].sort((a, b) =>
    `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`),
  )
}

/**
 * After the timetable reloads, a chosen slot of the shown dates that can no longer be booked (taken
 * by someone else, now missed) leaves the selection; slots of other weeks stay.
 */
export function pruneSelection(selection: PickedSlot[], days: Timetable['timetable']): PickedSlot[] {
  const shownDates = new Set(days.map((day) => day.date))
  const bookable = new Set(
    days.flatMap((day) =>
      day.slots.filter((slot) => slotState(slot, false) === 'available').map((slot) => slot.id),
    ),
  )
  const kept = selection.filter((picked) => !shownDates.has(picked.date) || bookable.has(picked.id))
  return kept.length === selection.length ? selection : kept
}
