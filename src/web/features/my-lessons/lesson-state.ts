import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import {
  canAddNote,
  canCancel,
  canEditMemos,
  canReportAbsence,
  canUploadMaterial,
  joinState,
} from '../../../domain/lesson-rules.ts'

// The one rule for a lesson's state on my-lessons (decisions.md "Ratings read where people look; a
// lesson's state from one rule"). The tab it lives in, its badge, Join and every action of its menu
// come from here, as a pure function of the lesson, the time and the viewer's role; the list,
// table, calendar, next lesson and dialogs only draw what it says.
// - A cancelled lesson is never "scheduled": it is closed (or group), marked cancelled, no actions.
// - An ended lesson offers rating (the student's, once) and never Join (docs/decisions.md).

export type LessonTab = 'scheduled' | 'closed' | 'group'
export type LessonBadge = 'scheduled' | 'joinable' | 'finished' | 'cancelled'
export type LessonAction =
  | 'cancel'
  | 'rate'
  | 'note'
  | 'memos'
  | 'materials'
  | 'recordings'
  | 'absence'
  | 'roster'
  | 'groupAbsence'
/** Join as shown: open, disabled until `opensAt`, or not shown at all (null). */
export type JoinOffer = { kind: 'open' } | { kind: 'early'; opensAt: number } | null

export type LessonState = {
  tab: LessonTab
  badge: LessonBadge
  join: JoinOffer
  /** "Oceń lekcję" beside the lesson: the student's ended lesson not rated yet. */
  rateNow: boolean
  /** The lesson's menu, in no particular order (the menu orders them). */
  actions: LessonAction[]
}

type StateLesson = Pick<
  Lesson,
  | 'scheduled_at'
  | 'ends_at'
  | 'status'
  | 'cancelled_at'
  | 'is_group'
  | 'rating'
  | 'my_absence_report'
  | 'lesson_files'
  | 'recordings'
  | 'voice_recordings'
  | 'group'
>

export const isCancelled = (lesson: Pick<Lesson, 'status' | 'cancelled_at'>) =>
  lesson.status === 'cancelled' || lesson.cancelled_at !== null

/** Over by the server's word (finished) or by the clock (the list may be a few seconds old). */
export const hasEnded = (lesson: Pick<Lesson, 'status' | 'ends_at'>, now: number) =>
  lesson.status === 'finished' || now >= Date.parse(lesson.ends_at)

type Timing = Pick<Lesson, 'scheduled_at' | 'ends_at' | 'status' | 'cancelled_at'>

/** The my-lessons tabs: group lessons apart; a lesson still to come or running is scheduled. */
export function lessonTab(lesson: Timing & Pick<Lesson, 'is_group'>, now: number): LessonTab {
  if (lesson.is_group) return 'group'
  return isCancelled(lesson) || hasEnded(lesson, now) ? 'closed' : 'scheduled'
}

/**
 * Join (product-rules.md "Join window": from 15 minutes before the start), never on a cancelled or
 * ended lesson.
 */
export function joinOffer(lesson: Timing, now: number): JoinOffer {
  if (isCancelled(lesson) || hasEnded(lesson, now)) return null
  const state = joinState(lesson, now)
  if (state.kind === 'early') return state
  return state.kind === 'open' ? { kind: 'open' } : null
}

/** design.md "Visual language": one badge for a lesson's state, the same wherever the lesson appears. */
export function lessonBadge(lesson: Timing, now: number): LessonBadge {
  if (isCancelled(lesson)) return 'cancelled'
  if (hasEnded(lesson, now)) return 'finished'
  return joinOffer(lesson, now)?.kind === 'open' ? 'joinable' : 'scheduled'
}

/**
 * product-rules.md "Ratings": only the lesson's student rates, and only a lesson that ended and was
 * not cancelled.
 */
export const mayRate = (lesson: Timing, role: Role, now: number) =>
  role === 'student' && !isCancelled(lesson) && hasEnded(lesson, now)

/**
 * The actions a lesson offers this viewer now (product-rules.md "Roles and permissions"); each
 * dialog is shown only when allowed.
 */
export function lessonActions(lesson: StateLesson, role: Role, now: number): LessonAction[] {
  const actions: LessonAction[] = []
  // A meeting's teacher sees it through one student's place: its note and absence report would be
  // that one student's, so the roster stands for them (docs/decisions.md "The group tab").
  const meeting = lesson.is_group && lesson.group != null
  if (canCancel(lesson, now) && !meeting) actions.push('cancel')
  if (mayRate(lesson, role, now)) actions.push('rate')
  if (canAddNote(lesson, role) && !meeting) actions.push('note')
  if (canEditMemos(lesson, role)) actions.push('memos')
  if (lesson.lesson_files.length > 0 || canUploadMaterial(lesson, role)) actions.push('materials')
  // The lesson's recordings and voice clips, for both parties, once there are any.
  if (lesson.recordings.length > 0 || lesson.voice_recordings.length > 0) actions.push('recordings')
  if (canReportAbsence(lesson, now) && !(meeting && role === 'teacher')) actions.push('absence')
  if (meeting && role === 'teacher' && !isCancelled(lesson)) actions.push('roster')
  if (meeting && role === 'student' && canSayGroupAbsence(lesson, now)) actions.push('groupAbsence')
  return actions
}

/** A student says they will not come (or takes it back) until the meeting starts. */
export const canSayGroupAbsence = (lesson: Timing, now: number) =>
  !isCancelled(lesson) && now < Date.parse(lesson.scheduled_at)

export function lessonState(lesson: StateLesson, now: number, role: Role): LessonState {
  return {
    tab: lessonTab(lesson, now),
    badge: lessonBadge(lesson, now),
    join: joinOffer(lesson, now),
    rateNow: mayRate(lesson, role, now) && lesson.rating === null,
    actions: lessonActions(lesson, role, now),
  }
}
