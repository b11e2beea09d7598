import type { TimetableSlot } from '../../domain/api/timetables.ts'

// product-rules.md "Slot states" and design.md "Slots": five states, each with its own look and
// words.

export type SlotState = 'available' | 'selected' | 'scheduled' | 'missed' | 'unavailable'

/**
 * The state a slot shows. Already scheduled and missed come first: the server also marks those
 * unavailable, and their own tooltips say more than "unavailable" does (the slot tooltips of
 * product-rules.md "Errors").
 */
export function slotState(slot: TimetableSlot, selected: boolean): SlotState {
  if (slot.scheduled) return 'scheduled'
  if (slot.missed) return 'missed'
  if (!slot.available) return 'unavailable'
  return selected ? 'selected' : 'available'
}

/**
 * product-rules.md "Slot states": only an available slot can be added, and not once the limit is
 * reached; a selected slot can always be taken back.
 */
export function canToggle(state: SlotState, limitReached: boolean): boolean {
  if (state === 'selected') return true
  return state === 'available' && !limitReached
}

/**
 * product-rules.md "Scheduled lessons limit": when the limit is reached the other (still available)
 * slots fade.
 */
export const isFaded = (state: SlotState, limitReached: boolean): boolean =>
  limitReached && state === 'available'

/**
 * "A week with no slots shows a no-vacancy message" (product-rules.md "Slot states"): nothing here
 * can be booked.
 */
export function hasVacancy(days: { slots: TimetableSlot[] }[]): boolean {
  return days.some((day) => day.slots.some((slot) => slotState(slot, false) === 'available'))
}
