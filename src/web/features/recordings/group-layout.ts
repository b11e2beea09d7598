import type { Role } from '../../../domain/api/common.ts'

// What a group meeting's recording shows (docs/decisions.md "Recording a group meeting"): the
// teacher and the students who agreed to voice recording, in a grid, or beside a shared screen
// drawn large. A student who did not agree is left out altogether: no tile, no name, no voice.

export type Box = { x: number; y: number; w: number; h: number }

type Person = { user_id: string; role: Role }

/** Whether the recording may show and play `person`: the teacher always, a student if named. */
export const isRecorded = (person: Person, recordedUserIds: readonly string[]) =>
  person.role !== 'student' || recordedUserIds.includes(person.user_id)

/** The members the recording draws and hears, in the room's order. */
export const recordedMembers = <T extends Person>(
  members: readonly T[],
  recordedUserIds: readonly string[],
) => members.filter((member) => isRecorded(member, recordedUserIds))

/** The students present whom the recording leaves out (the teacher's room names them). */
export const unrecordedMembers = <T extends Person>(
  members: readonly T[],
  recordedUserIds: readonly string[],
) => members.filter((member) => !isRecorded(member, recordedUserIds))

const GAP = 8
const ASPECT = 16 / 9

/**
 * `count` tiles of one size (16:9) in `area`, as large as they can be: the number of columns that
 * gives the widest tile, rows filled left to right, the last row centred.
 */
export function gridBoxes(count: number, area: Box, gap = GAP): Box[] {
  if (count <= 0) return []
  let best = { columns: 1, w: 0, h: 0 }
  for (let columns = 1; columns <= count; columns++) {
    const rows = Math.ceil(count / columns)
    const w = Math.min(
      (area.w - gap * (columns - 1)) / columns,
      ((area.h - gap * (rows - 1)) / rows) * ASPECT,
    )
    if (w > best.w) best = { columns, w, h: w / ASPECT }
  }
  const { columns, w, h } = best
  const rows = Math.ceil(count / columns)
  const top = area.y + (area.h - (rows * h + gap * (rows - 1))) / 2
  const boxes: Box[] = []
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / columns)
    const inRow = row === rows - 1 ? count - row * columns : columns
    const left = area.x + (area.w - (inRow * w + gap * (inRow - 1))) / 2
    boxes.push({ x: left + (i % columns) * (w + gap), y: top + row * (h + gap), w, h })
  }
  return boxes
}

/** The share of the width a shared screen takes; the members' tiles fill the rest beside it. */
const SCREEN_SHARE = 0.75

/** Where the shared screen (if any) and each of `count` tiles go on a `width` × `height` picture. */
export function groupLayout(
  count: number,
  screen: boolean,
  width: number,
  height: number,
): { screen: Box | null; tiles: Box[] } {
  const whole = { x: 0, y: 0, w: width, h: height }
  if (!screen) return { screen: null, tiles: gridBoxes(count, whole) }
  const screenWidth = Math.round(width * SCREEN_SHARE)
  return {
    screen: { x: 0, y: 0, w: screenWidth, h: height },
    tiles: gridBoxes(count, { x: screenWidth + GAP, y: 0, w: width - screenWidth - GAP, h: height }),
  }
}
