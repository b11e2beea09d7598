import type { GroupMember } from './group-room-model.ts'

// Where the group room's tiles go: a grid that fills the stage (desktop), or one person large with
// the others in a strip (phones, and a shared screen). Pure, so the choices are tested by number.

/** The tiles' shape: the cameras' 16:9 (a 4:3 camera is letterboxed, not cropped to a face). */
export const TILE_ASPECT = 16 / 9
/** The gap between tiles, in pixels (the stage's CSS uses the same). */
export const TILE_GAP = 8
/** A tile at least this wide draws the large layer; below it the small one is enough. */
export const LARGE_TILE_MIN_WIDTH = 400

export type GridLayout = { columns: number; rows: number; tileWidth: number; tileHeight: number }

/**
 * The columns and rows that give `count` tiles of 16:9 the largest size in a `width` × `height`
 * stage (every tile the same size; the last row may be short).
 */
export function gridLayout(count: number, width: number, height: number, gap = TILE_GAP): GridLayout {
  const tiles = Math.max(1, count)
  let best: GridLayout = { columns: 1, rows: tiles, tileWidth: 0, tileHeight: 0 }
  for (let columns = 1; columns <= tiles; columns++) {
    const rows = Math.ceil(tiles / columns)
    // A layout with an empty last row wastes a row: the one with fewer columns is as good.
    if ((rows - 1) * columns >= tiles) continue
    const byWidth = (width - (columns - 1) * gap) / columns
    const byHeight = ((height - (rows - 1) * gap) / rows) * TILE_ASPECT
    const tileWidth = Math.max(0, Math.floor(Math.min(byWidth, byHeight)))
    if (tileWidth > best.tileWidth) {
      best = { columns, rows, tileWidth, tileHeight: Math.floor(tileWidth / TILE_ASPECT) }
    }
  }
  return best
}

/**
 * Who the speaker view shows large: the one speaking (not oneself), else the one who spoke last
 * while still here, else the teacher, else the first other person; oneself only when alone.
 */
export function featuredMember(members: GroupMember[], lastSpeaker: string | null): GroupMember | null {
  const others = members.filter((member) => !member.isMe)
  return (
    others.find((member) => member.speaking) ??
    others.find((member) => member.user_id === lastSpeaker) ??
    others.find((member) => member.role === 'teacher') ??
    others[0] ??
    members[0] ??
    null
  )
}

/** The member whose shared screen takes the stage (the teacher's, as only the teacher shares). */
export function sharingMember(members: GroupMember[]): GroupMember | null {
  return members.find((member) => member.screen !== null) ?? null
}
