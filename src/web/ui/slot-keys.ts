// The slot grid is one Tab stop; arrow keys move inside it (a roving tabindex; decisions.md "Focus
// and keyboard"). Up and Down go through a day's slots (and on into the next or previous day), Left
// and Right go to the neighbouring day at the same row, Home and End to the day's first and last
// slot.

/** The slot ids of each day, in the order shown. */
export type SlotGridIds = readonly (readonly string[])[]

const KEYS = ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End'] as const
export type SlotKey = (typeof KEYS)[number]

export const isSlotKey = (key: string): key is SlotKey => KEYS.some((known) => known === key)

function position(grid: SlotGridIds, id: string): { day: number; index: number } | null {
  for (let day = 0; day < grid.length; day++) {
    const index = grid[day]?.indexOf(id) ?? -1
    if (index >= 0) return { day, index }
  }
  return null
}

/** The next day (in `step` direction) that has slots, or null. */
function dayWithSlots(grid: SlotGridIds, from: number, step: 1 | -1): number | null {
  for (let day = from + step; day >= 0 && day < grid.length; day += step) {
    if ((grid[day]?.length ?? 0) > 0) return day
  }
  return null
}

/** Where `key` moves the focus from slot `id`; the same id at an edge. */
export function nextSlotId(grid: SlotGridIds, id: string, key: SlotKey): string {
  const at = position(grid, id)
  if (!at) return id
  const slots = grid[at.day] ?? []
  const pick = (day: number | null, index: (length: number) => number) => {
    if (day === null) return id
    const target = grid[day] ?? []
    return target[Math.max(0, Math.min(index(target.length), target.length - 1))] ?? id
  }
  switch (key) {
    case 'Home':
      return slots[0] ?? id
    case 'End':
      return slots.at(-1) ?? id
    case 'ArrowDown':
      return slots[at.index + 1] ?? pick(dayWithSlots(grid, at.day, 1), () => 0)
    case 'ArrowUp':
      return slots[at.index - 1] ?? pick(dayWithSlots(grid, at.day, -1), (length) => length - 1)
    case 'ArrowRight':
      return pick(dayWithSlots(grid, at.day, 1), () => at.index)
    case 'ArrowLeft':
      return pick(dayWithSlots(grid, at.day, -1), () => at.index)
  }
}
