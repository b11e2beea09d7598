import type { Role } from './api/common.ts'
import type { Lesson } from './api/my-lessons.ts'
import { JOIN_WINDOW_MINUTES } from './constants.ts'

// The lesson rules (product-rules.md "States and transitions") that my-lessons repeats for display
// (the server decides them again).
// Instants are compared as epoch milliseconds: "the current Poland time" and the lesson's Poland
// start are the same instants in any zone, so the answers never depend on the device's zone.

const MINUTE_MS = 60_000
const JOIN_MARGIN_MS = JOIN_WINDOW_MINUTES * MINUTE_MS

export type RuleLesson = Pick<Lesson, 'scheduled_at' | 'ends_at' | 'status' | 'cancelled_at'>

const startOf = (lesson: RuleLesson) => Date.parse(lesson.scheduled_at)
const endOf = (lesson: RuleLesson) => Date.parse(lesson.ends_at)
const isCancelled = (lesson: RuleLesson) => lesson.status === 'cancelled' || lesson.cancelled_at !== null

/**
 * The join window (product-rules.md "Join window"), as the button shows it: open from 15 minutes
 * before the start to 15 minutes after the end (both edges included); `early` carries the instant
 * it opens.
 */
export type JoinState =
  | { kind: 'open' }
  | { kind: 'cancelled' }
  | { kind: 'early'; opensAt: number }
  | { kind: 'closed' }

export function joinState(lesson: RuleLesson, now: number): JoinState {
  if (isCancelled(lesson)) return { kind: 'cancelled' }
  const opensAt = startOf(lesson) - JOIN_MARGIN_MS
  // Disabled when more than 15 minutes before the start …
  if (now < opensAt) return { kind: 'early', opensAt }
  // … or more than 15 minutes after the end.
  if (now > endOf(lesson) + JOIN_MARGIN_MS) return { kind: 'closed' }
  return { kind: 'open' }
}

export const canJoin = (lesson: RuleLesson, now: number): boolean => joinState(lesson, now).kind === 'open'

/** Whether the join window is over for good (the button is then left out). */
export const joinWindowPassed = (lesson: RuleLesson, now: number): boolean =>
  now > endOf(lesson) + JOIN_MARGIN_MS

/** product-rules.md "Cancellation": blocked when the lesson is cancelled, has finished or has started. */
export const canCancel = (lesson: RuleLesson, now: number): boolean =>
  lesson.status === 'scheduled' && !isCancelled(lesson) && now < startOf(lesson)

/**
 * product-rules.md "Absence reports": an absence may be reported from 15 minutes before the start
 * onward (the server's absence_too_early), once per party, never for a cancelled lesson.
 */
export const canReportAbsence = (
  lesson: RuleLesson & Pick<Lesson, 'my_absence_report'>,
  now: number,
): boolean =>
  !isCancelled(lesson) && lesson.my_absence_report === null && now >= startOf(lesson) - JOIN_MARGIN_MS

/** product-rules.md "Ratings": only the lesson's student rates, and only a finished lesson. */
export const canRate = (lesson: RuleLesson, role: Role): boolean =>
  role === 'student' && lesson.status === 'finished' && !isCancelled(lesson)

/** The student's note (AddNote) and the memos (product-rules.md "Notes and memos"): not when cancelled. */
export const canAddNote = (lesson: RuleLesson, role: Role): boolean =>
  role === 'student' && !isCancelled(lesson)

/**
 * product-rules.md "Notes and memos": each party writes its own memo, not on a cancelled lesson;
 * the student memo is hidden for group lessons, so a student there has no memo to write.
 */
export const canEditMemos = (lesson: RuleLesson & Pick<Lesson, 'is_group'>, role: Role): boolean =>
  !isCancelled(lesson) && !(role === 'student' && lesson.is_group)

/** product-rules.md "Roles and permissions": teachers upload materials; a cancelled lesson takes none. */
export const canUploadMaterial = (lesson: RuleLesson, role: Role): boolean =>
  role === 'teacher' && !isCancelled(lesson)

/** The party an absence report names (product-rules.md "Absence reports": the lesson's other party). */
export const absenteeOf = (lesson: Pick<Lesson, 'teacher' | 'student'>, role: Role) =>
  role === 'student' ? lesson.teacher : lesson.student
