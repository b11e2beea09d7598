import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react'
import type { Timetable } from '../../domain/api/timetables.ts'
import type { SlotSelection } from './schedule-slots.tsx'
import { isSlotKey, nextSlotId } from './slot-keys.ts'
import { slotState } from './slot-state.ts'

/**
 * The slot grid's roving tabindex. Tab reaches one slot — the last one focused, else the first
 * chosen, else the first that can be chosen, else the first — and arrow keys move from there
 * (slot-keys.ts). A focus request (after booking) moves the focus into the grid.
 */
export function useRovingSlots(days: Timetable['timetable'], selection: SlotSelection | undefined) {
  const containerRef = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState<string | null>(null)
  const grid = days.map((day) => day.slots.map((slot) => slot.id))
  const ids = grid.flat()
  const chosen = selection?.selectedIds ?? []
  // The first slot that can really be chosen (free, and not refused by its day's rules).
  const free = days
    .flatMap((day) => day.slots.map((slot) => ({ day, slot })))
    .find(
      ({ day, slot }) => slotState(slot, false) === 'available' && !selection?.dayRefusal?.(day, slot),
    )?.slot
  const tabStop =
    (active !== null && ids.includes(active) ? active : null) ??
    ids.find((id) => chosen.includes(id)) ??
    free?.id ??
    ids[0] ??
    null

  const focus = useCallback((id: string) => {
    containerRef.current?.querySelector<HTMLElement>(`[data-slot-id="${CSS.escape(id)}"]`)?.focus()
    setActive(id)
  }, [])

  const request = selection?.focusRequest
  useEffect(() => {
    if (request) focus(request.slotId)
  }, [request, focus])

  return {
    containerRef,
    tabStop,
    setActive,
    onKeyDown: (id: string) => (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!isSlotKey(event.key)) return
      event.preventDefault()
      focus(nextSlotId(grid, id, event.key))
    },
  }
}
