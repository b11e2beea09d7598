import { describe, expect, it } from 'vitest'
import { featuredMember, gridLayout, TILE_ASPECT, TILE_GAP } from './group-layout.ts'
import type { GroupMember } from './group-room-model.ts'

const LANDSCAPE = { width: 1280, height: 720 }
const PORTRAIT = { width: 720, height: 1280 }

/** The largest 16:9 tile any columns count gives, worked out the long way. */
function bestWidth(count: number, width: number, height: number): number {
  let best = 0
  for (let columns = 1; columns <= count; columns++) {
    const rows = Math.ceil(count / columns)
    const byWidth = (width - (columns - 1) * TILE_GAP) / columns
    const byHeight = ((height - (rows - 1) * TILE_GAP) / rows) * TILE_ASPECT
    best = Math.max(best, Math.floor(Math.min(byWidth, byHeight)))
  }
  return best
}

describe('the group room’s grid', () => {
  for (const [name, stage] of Object.entries({ landscape: LANDSCAPE, portrait: PORTRAIT })) {
    it(`fits 2 to 13 tiles of 16:9 into a ${name} stage at the largest size, no row empty`, () => {
      for (let count = 2; count <= 13; count++) {
        const layout = gridLayout(count, stage.width, stage.height)
        expect(layout.columns * layout.rows).toBeGreaterThanOrEqual(count)
        expect((layout.rows - 1) * layout.columns).toBeLessThan(count)
        expect(layout.columns * layout.tileWidth + (layout.columns - 1) * TILE_GAP).toBeLessThanOrEqual(
          stage.width,
        )
        expect(layout.rows * layout.tileHeight + (layout.rows - 1) * TILE_GAP).toBeLessThanOrEqual(
          stage.height,
        )
        expect(Math.abs(layout.tileWidth / layout.tileHeight - TILE_ASPECT)).toBeLessThan(0.02)
        expect(layout.tileWidth).toBe(bestWidth(count, stage.width, stage.height))
      }
    })
  }

  it('lays a wide stage out in rows and a tall one in columns', () => {
    const shape = (count: number, stage: { width: number; height: number }) => {
      const { columns, rows } = gridLayout(count, stage.width, stage.height)
      return `${columns}×${rows}`
    }
    const counts = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
    expect(counts.map((count) => shape(count, LANDSCAPE))).toEqual([
      '2×1',
      '2×2',
      '2×2',
      '3×2',
      '3×2',
      '3×3',
      '3×3',
      '3×3',
      '4×3',
      '4×3',
      '4×3',
      '4×4',
    ])
    expect(counts.map((count) => shape(count, PORTRAIT))).toEqual([
      '1×2',
      '1×3',
      '1×4',
      '1×5',
      '1×6',
      '2×4',
      '2×4',
      '2×5',
      '2×5',
      '2×6',
      '2×6',
      '2×7',
    ])
  })
})

const member = (id: string, overrides: Partial<GroupMember> = {}): GroupMember => ({
  user_id: id,
  name: id,
  role: 'student',
  feed_id: null,
  microphone: true,
  camera: true,
  screen: null,
  muted_by_teacher: false,
  hand_raised: false,
  isMe: false,
  stream: null,
  speaking: false,
  media: 'live',
  ...overrides,
})

describe('the speaker view’s large place', () => {
  const teacher = member('teacher', { role: 'teacher' })
  const me = member('me', { isMe: true })

  it('goes to whoever speaks, else the last to speak, else the teacher, never to oneself while others are here', () => {
    const anna = member('anna')
    expect(featuredMember([teacher, me, anna], null)?.user_id).toBe('teacher')
    expect(featuredMember([teacher, me, { ...anna, speaking: true }], null)?.user_id).toBe('anna')
    expect(featuredMember([teacher, me, anna], 'anna')?.user_id).toBe('anna')
    expect(featuredMember([teacher, { ...me, speaking: true }, anna], null)?.user_id).toBe('teacher')
    expect(featuredMember([{ ...teacher, isMe: true }, anna], null)?.user_id).toBe('anna')
    expect(featuredMember([me], null)?.user_id).toBe('me')
  })
})
