import { describe, expect, it } from 'vitest'
import { type Box, gridBoxes, groupLayout, recordedMembers, unrecordedMembers } from './group-layout.ts'

const teacher = { user_id: 't', role: 'teacher' as const }
const ania = { user_id: 'a', role: 'student' as const }
const bartek = { user_id: 'b', role: 'student' as const }
const celina = { user_id: 'c', role: 'student' as const }

const inside = (box: Box, area: Box) =>
  box.x >= area.x - 1e-6 &&
  box.y >= area.y - 1e-6 &&
  box.x + box.w <= area.x + area.w + 1e-6 &&
  box.y + box.h <= area.y + area.h + 1e-6

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.w - 1e-6 && b.x < a.x + a.w - 1e-6 && a.y < b.y + b.h - 1e-6 && b.y < a.y + a.h - 1e-6

describe('who a group recording shows', () => {
  it('keeps the teacher and the students named at its start, in the room’s order', () => {
    expect(recordedMembers([teacher, ania, bartek, celina], ['c', 'a'])).toEqual([teacher, ania, celina])
  })

  it('leaves out every student not named, a late arrival included, and tells who they are', () => {
    const present = [teacher, ania, bartek]
    expect(unrecordedMembers(present, ['a'])).toEqual([bartek])
    expect(recordedMembers([...present, celina], ['a'])).toEqual([teacher, ania])
    expect(recordedMembers(present, [])).toEqual([teacher])
  })
})

describe('the group recording’s picture', () => {
  const whole = { x: 0, y: 0, w: 1280, h: 720 }

  it.each([1, 2, 4, 6, 7, 13])('fits %i tiles of one 16:9 size, without overlap', (count) => {
    const boxes = gridBoxes(count, whole)
    expect(boxes).toHaveLength(count)
    for (const box of boxes) {
      expect(inside(box, whole)).toBe(true)
      expect(box.w / box.h).toBeCloseTo(16 / 9)
      expect(box.w).toBeCloseTo(boxes[0]?.w ?? 0)
    }
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) expect(overlap(a, b)).toBe(false)
  })

  it('gives one member the whole width and six members a 3 × 2 grid', () => {
    expect(gridBoxes(1, whole)).toEqual([whole])
    const six = gridBoxes(6, whole)
    expect(new Set(six.map((box) => box.y)).size).toBe(2)
    expect(new Set(six.map((box) => box.x)).size).toBe(3)
  })

  it('centres a last row that is not full', () => {
    const seven = gridBoxes(7, whole)
    const last = seven.filter((box) => box.y === seven.at(-1)?.y)
    const left = Math.min(...last.map((box) => box.x))
    const right = Math.max(...last.map((box) => box.x + box.w))
    expect(left).toBeCloseTo(whole.w - right)
  })

  it('draws a shared screen large, with every tile in the strip beside it', () => {
    const layout = groupLayout(13, true, 1280, 720)
    expect(layout.screen).toEqual({ x: 0, y: 0, w: 960, h: 720 })
    expect(layout.tiles).toHaveLength(13)
    for (const tile of layout.tiles) {
      expect(tile.x).toBeGreaterThan(960)
      expect(inside(tile, whole)).toBe(true)
    }
    expect(groupLayout(3, false, 1280, 720).screen).toBeNull()
  })
})
