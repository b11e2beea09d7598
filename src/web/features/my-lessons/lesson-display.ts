import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { formatPolandTime, polandDateKey } from '../../../domain/poland-time.ts'
import { paths } from '../../config/paths.ts'
import { deviceTime } from '../../ui/slot-format.ts'

// What a lesson shows on my-lessons, as pure functions of the lesson, the viewer and the time.

/**
 * The Poland calendar day of the lesson's start (product-rules.md "Time zone": lesson logic in
 * Poland time).
 */
export const lessonDay = (lesson: Pick<Lesson, 'scheduled_at'>): string =>
  polandDateKey(Date.parse(lesson.scheduled_at))

/**
 * design.md "Words": start–end in Poland time, and the same span on the device's clock when its
 * zone gives another wall-clock time (null otherwise). `timeZone` is for tests.
 */
export function lessonTimes(lesson: Pick<Lesson, 'scheduled_at' | 'ends_at'>, timeZone?: string) {
  const start = new Date(lesson.scheduled_at)
  const end = new Date(lesson.ends_at)
  const poland = `${formatPolandTime(start)}–${formatPolandTime(end)}`
  const localStart = deviceTime(start, timeZone)
  const localEnd = deviceTime(end, timeZone) ?? formatPolandTime(end)
  return { poland, device: localStart === null ? null : `${localStart}–${localEnd}` }
}

/** The other party: the teacher (with picture) for a student, the student for a teacher. */
export function otherParty(lesson: Lesson, role: Role) {
  const party = role === 'student' ? lesson.teacher : lesson.student
  return { name: lesson.fullName, imageUrl: party.image_url }
}

/**
 * The video call routing (product-rules.md "Screens and routes"): a teacher goes straight to the
 * call; a student without a voice sample goes to voice-confirmation first, unless the call is the
 * cube variant.
 */
export function videoCallPath(lesson: Pick<Lesson, 'id' | 'is_learncube'>, role: Role, voiceSample: boolean) {
  const query = `?${new URLSearchParams({ lesson_id: lesson.id })}`
  if (lesson.is_learncube) return `${paths.videoCallLearnCube}${query}`
  if (role === 'student' && !voiceSample) return `${paths.voiceConfirmation}${query}`
  return `${paths.videoCallVonage}${query}`
}

/** Soonest first (scheduled), or newest first (closed and group pages keep the server's order). */
export const byStart = (a: Pick<Lesson, 'scheduled_at'>, b: Pick<Lesson, 'scheduled_at'>) =>
  Date.parse(a.scheduled_at) - Date.parse(b.scheduled_at)
