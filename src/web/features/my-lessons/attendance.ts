import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { joinState } from '../../../domain/lesson-rules.ts'
import { formatPolandTime } from '../../../domain/poland-time.ts'

// docs/lesson-room-protocol.md §4: who was in the lesson room, from when to when, by the server's
// records. Shown once the join window has opened (before it there is nothing to tell).

export type PartyPresence =
  /** Each interval as "10:02–10:40" in Poland time; `to: null` (still there) as an open end. */
  | { kind: 'present'; intervals: { from: string; to: string | null }[] }
  /** Not (yet) in the room while the window is open. */
  | { kind: 'waiting' }
  /** The window is over and the party never came. */
  | { kind: 'absent' }

export type AttendanceRow = { role: Role; presence: PartyPresence }

/** Whether a lesson's attendance means anything yet: its window has opened, or someone came. */
export function attendanceShown(lesson: Lesson, now: number): boolean {
  if (lesson.attendance.length > 0) return true
  const state = joinState(lesson, now).kind
  return state === 'open' || state === 'closed'
}

/** Both parties' presence, the viewer's own role first. */
export function attendanceRows(lesson: Lesson, viewer: Role, now: number): AttendanceRow[] {
  const over = joinState(lesson, now).kind !== 'open'
  const roles: Role[] = viewer === 'student' ? ['student', 'teacher'] : ['teacher', 'student']
  return roles.map((role) => {
    const intervals = lesson.attendance
      .filter((interval) => interval.role === role)
      .sort((a, b) => Date.parse(a.from) - Date.parse(b.from))
      .map((interval) => ({
        from: formatPolandTime(new Date(interval.from)),
        to: interval.to === null ? null : formatPolandTime(new Date(interval.to)),
      }))
    if (intervals.length > 0) return { role, presence: { kind: 'present', intervals } }
    return { role, presence: { kind: over ? 'absent' : 'waiting' } }
  })
}
