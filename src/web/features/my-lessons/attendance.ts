import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { formatPolandTime } from '../../../domain/poland-time.ts'
import { joinOffer } from './lesson-state.ts'

// docs/lesson-room-protocol.md §4: who was in the lesson room, from when to when, by the server's
// records. Shown while the join window is open, and afterwards when anyone came: a past lesson
// with no record at all predates the room (or was held elsewhere), and "both absent" would be false.

export type PartyPresence =
  /** Each interval as "10:02–10:40" in Poland time; `to: null` (still there) as an open end. */
  | { kind: 'present'; intervals: { from: string; to: string | null }[] }
  /** Not (yet) in the room while the window is open. */
  | { kind: 'waiting' }
  /** The window is over and the party never came. */
  | { kind: 'absent' }

export type AttendanceRow = { role: Role; presence: PartyPresence }

/**
 * Whether a lesson's attendance tells anything: someone came, or Join is offered now (not after the
 * end, when the lesson reads as finished).
 */
export function attendanceShown(lesson: Lesson, now: number): boolean {
  return lesson.attendance.length > 0 || joinOffer(lesson, now)?.kind === 'open'
}

/** Both parties' presence, the viewer's own role first. */
export function attendanceRows(lesson: Lesson, viewer: Role, now: number): AttendanceRow[] {
  const over = joinOffer(lesson, now)?.kind !== 'open'
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
