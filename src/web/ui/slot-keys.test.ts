import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isSlotKey, nextSlotId, type SlotKey } from './slot-keys.ts'

// Reaching Thursday took 26 Tabs; the grid is now one stop with arrow keys.

const grid = [['mon-1', 'mon-2', 'mon-3'], [], ['wed-1'], ['thu-1', 'thu-2']]

describe('arrow keys in the slot grid', () => {
  it('goes down a day and on into the next day with slots, and back up', () => {
    expect(nextSlotId(grid, 'mon-2', 'ArrowDown')).toBe('mon-3')
    expect(nextSlotId(grid, 'mon-3', 'ArrowDown')).toBe('wed-1')
    expect(nextSlotId(grid, 'wed-1', 'ArrowUp')).toBe('mon-3')
    expect(nextSlotId(grid, 'thu-2', 'ArrowDown')).toBe('thu-2')
  })

  it('goes across days at the same row, skipping empty days and clamping to shorter ones', () => {
    expect(nextSlotId(grid, 'mon-1', 'ArrowRight')).toBe('wed-1')
    expect(nextSlotId(grid, 'mon-3', 'ArrowRight')).toBe('wed-1')
    expect(nextSlotId(grid, 'wed-1', 'ArrowRight')).toBe('thu-1')
    expect(nextSlotId(grid, 'thu-2', 'ArrowLeft')).toBe('wed-1')
    expect(nextSlotId(grid, 'mon-2', 'ArrowLeft')).toBe('mon-2')
  })

  it('jumps to the first and last slot of the day', () => {
    expect(nextSlotId(grid, 'mon-2', 'Home')).toBe('mon-1')
    expect(nextSlotId(grid, 'mon-2', 'End')).toBe('mon-3')
  })

  it('always lands on a slot of the grid, and reaches every slot with Down from the first', () => {
    const ids = grid.flat()
    const keys: SlotKey[] = ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End']
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.constantFrom(...keys), (id, key) => {
        expect(ids).toContain(nextSlotId(grid, id, key))
      }),
    )
    const visited = ['mon-1']
    for (let i = 0; i < ids.length - 1; i++) visited.push(nextSlotId(grid, visited.at(-1) ?? '', 'ArrowDown'))
    expect(visited).toEqual(ids)
    expect(isSlotKey('Tab')).toBe(false)
  })
})
