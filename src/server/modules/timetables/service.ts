import {
  type Timetable,
  type TimetableUpdate,
  type TimetableUpdateAnswer,
  timetableUpdateProblems,
} from '../../../domain/api/timetables.ts'
import { formatPolandTime, polandDateKey } from '../../../domain/poland-time.ts'
import { type Interval, normalizeIntervals } from '../../../domain/schedule/availability.ts'
import { refusesStudent } from '../../../domain/schedule/slot-rules.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { decodeIssue, englishIssue } from '../../platform/issue-english.ts'
import type { User } from '../../platform/sessions.ts'
import { slotsBetween } from '../board/public.ts'
import { DEFAULT_SETTINGS } from '../settings/public.ts'
import { findActiveUser, lockUser, updateUser } from '../users/public.ts'
import { slotsFreed } from '../waitlist/public.ts'
import { slotsKnownComplete, syncSlots, teacherRange, topUpSlots } from './materialise.ts'
import { type Rules, rangeInstants } from './plan.ts'
import { saveRules } from './repository.ts'
import { buildTimetable } from './timetable-view.ts'
import { findTimetableView, type TimetableView, type ViewQuery } from './view-repository.ts'

const DAY_MS = 24 * 60 * 60 * 1000

type TimetableContext = Pick<AppContext, 'db' | 'clock' | 'board' | 'jobs' | 'changes'>

/** Sorted, merged intervals per day key. */
function normalized(days: Record<string, { start: string; end: string }[]>): Record<string, Interval[]> {
  return Object.fromEntries(
    Object.entries(days).map(([key, intervals]) => [key, normalizeIntervals(intervals)]),
  )
}

/**
 * POST /teachers/timetables/update: checks the intervals (product-rules.md "Validation"), stores
 * the rules, sets has_cyclical_timetable and materialises the slots of the schedule range
 * (product-rules.md "Constants and limits") in one short transaction. Booked slots the new rules
 * drop stay with their lessons and are listed in `kept_booked_slots`.
 */
export async function updateTimetable(
  ctx: TimetableContext,
  teacher: User,
  body: TimetableUpdate,
): Promise<TimetableUpdateAnswer> {
  const now = ctx.clock.now()
  const range = teacherRange(now)
  const problems = timetableUpdateProblems(body, range)
  if (problems.length > 0) {
    const errors = problems.map(({ field, code }) => ({
      field,
      code,
      message: englishIssue(decodeIssue(code)),
    }))
    throw new AppError('validation_failed', { errors })
  }
  // A date entry keeps its key even when empty: an empty date is a day off overriding its weekday.
  const rules: Rules = {
    weekly: body.cyclical ? normalized(body.weekdays ?? {}) : null,
    dates: normalized(body.dates ?? {}),
  }
  const kept = await ctx.db.transaction(async (tx) => {
    // The same lock as a booking's: a schedule change and a booking of this teacher serialise.
    await lockUser(tx, teacher.id)
    await saveRules(tx, { teacherId: teacher.id, ...rules }, now)
    await updateUser(tx, teacher.id, { hasCyclicalTimetable: body.cyclical, updatedAt: now })
    const { kept, added } = await syncSlots(tx, teacher.id, rules, { now, range, prune: true })
    // New availability is offered to the students waiting for this teacher.
    await slotsFreed(tx, ctx.jobs, {
      teacherId: teacher.id,
      startsAt: added.filter((slot) => slot.startsAt > now).map((slot) => slot.startsAt),
      exceptStudentId: null,
    })
    return kept
  })
  ctx.changes.publish({ kind: 'teacher', id: teacher.id }, { kind: 'user', id: teacher.id })
  const query = { teacher_id: teacher.id, date_from: range.from, date_to: range.to }
  return {
    ...(await showTimetable(ctx, teacher, query)),
    kept_booked_slots: kept.map((slot) => ({
      date: polandDateKey(slot.startsAt),
      time: formatPolandTime(slot.startsAt),
    })),
  }
}

/** findTimetableView's answer, read from the board (modules/board/teacher-board.ts). */
async function boardView(ctx: TimetableContext, q: ViewQuery): Promise<TimetableView | undefined> {
  const [teacher, own, graceHours] = await Promise.all([
    ctx.board.teacher(q.teacherId, q.now),
    q.studentId ? ctx.board.studentLessons(q.studentId, q.now) : [],
    ctx.board.graceHours(q.now),
  ])
  if (!teacher) return undefined
  const from = q.from.getTime()
  const to = q.to.getTime()
  const now = q.now.getTime()
  const lessonsFrom = q.lessonsFrom.getTime()
  const lessonsTo = q.lessonsTo.getTime()
  return {
    notAcceptingNewStudents: teacher.notAcceptingNewStudents,
    allowed: q.studentId !== null && teacher.allowed.has(q.studentId),
    graceHours,
    slots: slotsBetween(teacher.slots, from, to).map((slot) => ({
      ...slot,
      startsAt: new Date(slot.startsAt),
    })),
    ownLessons: own
      .filter((l) => l.endsAt > now || (l.startsAt >= lessonsFrom && l.startsAt < lessonsTo))
      .map((l) => ({ startsAt: new Date(l.startsAt), endsAt: new Date(l.endsAt) })),
  }
}

/**
 * GET /teachers/timetables/show with the slot flags of product-rules.md "Slot states" for the
 * asking user; any signed-in user may look at an active (verified) teacher's timetable.
 */
export async function showTimetable(
  ctx: TimetableContext,
  viewer: User,
  query: { teacher_id: string; date_from: string; date_to: string },
): Promise<Timetable> {
  const student = viewer.role === 'student' ? viewer.id : null
  const now = ctx.clock.now()
  // Top up a rolled-over week first (not for an unknown id: that would only fill the memory).
  if (!slotsKnownComplete(ctx.db, query.teacher_id, now)) {
    if (!(await findActiveUser(ctx.db, query.teacher_id, 'teacher'))) throw new AppError('not_found')
    await topUpSlots(ctx, query.teacher_id, now)
  }
  const dates = { from: query.date_from, to: query.date_to }
  const { start, end } = rangeInstants(dates)
  const board = ctx.board.range(now)
  const q = {
    teacherId: query.teacher_id,
    studentId: student,
    from: start,
    to: end,
    now,
    lessonsFrom: new Date(start.getTime() - DAY_MS),
    lessonsTo: new Date(end.getTime() + DAY_MS),
  }
  // The schedule range is answered from the board; other dates (the past) from the database.
  const view =
    start >= board.start && end <= board.end ? await boardView(ctx, q) : await findTimetableView(ctx.db, q)
  if (!view) throw new AppError('not_found')
  const input = {
    teacherId: query.teacher_id,
    // The overlay (product-rules.md "Allowed students"): the teacher refuses new students and this
    // student is not on their list.
    refusesViewer: student !== null && refusesStudent(view.notAcceptingNewStudents, view.allowed),
    viewer,
    now,
    graceHours: view.graceHours ?? DEFAULT_SETTINGS.lessonEarlinessCondition,
    dates,
  }
  return buildTimetable(input, view)
}
