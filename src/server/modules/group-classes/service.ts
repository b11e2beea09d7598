import { LESSON_SLOT_MINUTES } from '../../../domain/constants.ts'
import {
  type MeetingTime,
  meetingAt,
  seriesMeetings,
  type WeeklySeries,
} from '../../../domain/group-classes/series.ts'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { refillSlots } from '../timetables/public.ts'
import { lockUser } from '../users/public.ts'
import {
  changeMeeting,
  comingMeetings,
  deleteComingPlaces,
  deleteMember,
  deleteSlotsUnder,
  findMeeting,
  firstBusyLesson,
  firstBusyMeeting,
  type GroupClassRow,
  type Interval,
  insertClass,
  insertMeetings,
  insertMembers,
  insertPlaces,
  lockClass,
  type MeetingRow,
  type MemberRow,
  membersOf,
  promoteFirstWaiting,
} from './repository.ts'

// Group classes' use cases (product-rules.md "Group classes"): a class and its meetings made in
// one transaction that holds the teacher's row lock, as a booking and a timetable save do, so a
// meeting and a one-to-one booking of the same time end with one of them (docs/decisions.md
// "Group classes: a meeting takes the teacher's time").

type GroupContext = Pick<AppContext, 'db' | 'clock' | 'changes'>

/**
 * Work the caller adds to a write's own transaction (the console's audit entry): it sees what the
 * write changed, and a throw rolls the write back.
 */
export type InTransaction<T> = (tx: Db, change: T) => Promise<void>

export type ExtraMeeting = { date: string; time: string; units: number }

export type ClassInput = {
  teacherId: string
  languageId: number
  levelId: number
  title: string
  description: string
  companyName: string | null
  capacity: number
  provider: 'builtin' | 'vonage'
  series: WeeklySeries | null
  extra: ExtraMeeting[]
}

/** The class's meetings in time order: the series' and the extra ones. */
function plannedMeetings(input: Pick<ClassInput, 'series' | 'extra'>): MeetingTime[] {
  const series = input.series ? seriesMeetings(input.series) : []
  const extra = input.extra.map((meeting) => meetingAt(meeting.date, meeting.time, meeting.units))
  return [...series, ...extra].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
}

const when = (at: Date) => ({ date: formatPolandDate(at), time: formatPolandTime(at) })

/**
 * Refuses intervals in the past, overlapping each other, or over the teacher's active one-to-one
 * lesson or another meeting (named in the error); then frees the teacher's slots under them.
 * Inside the transaction that holds the teacher's row lock.
 */
async function takeTeachersTime(
  tx: Db,
  teacherId: string,
  intervals: Interval[],
  now: Date,
  except: string[] = [],
): Promise<void> {
  if (intervals.some((interval) => interval.startsAt <= now)) throw new AppError('validation_failed')
  for (let i = 1; i < intervals.length; i++) {
    const previous = intervals[i - 1]
    const current = intervals[i]
    if (previous && current && current.startsAt < previous.endsAt) throw new AppError('validation_failed')
  }
  const lesson = await firstBusyLesson(tx, teacherId, intervals)
  if (lesson) {
    const name = `${lesson.firstName ?? ''} ${lesson.lastName ?? ''}`.trim() || lesson.email
    throw new AppError('teacher_busy_lesson', { params: { name, ...when(lesson.startsAt) } })
  }
  const meeting = await firstBusyMeeting(tx, teacherId, intervals, except)
  if (meeting)
    throw new AppError('teacher_busy_meeting', {
      params: { title: meeting.title, ...when(meeting.startsAt) },
    })
  await deleteSlotsUnder(tx, teacherId, intervals)
}

/** Creates the class with its meetings; refuses a teacher who is not an active teacher. */
export async function createClass(
  ctx: GroupContext,
  input: ClassInput,
  within?: InTransaction<{ group: GroupClassRow; meetings: MeetingRow[] }>,
): Promise<{ group: GroupClassRow; meetings: MeetingRow[] }> {
  const intervals = plannedMeetings(input)
  if (intervals.length === 0) throw new AppError('validation_failed')
  const made = await ctx.db.transaction(async (tx) => {
    const teacher = await lockUser(tx, input.teacherId)
    if (teacher?.role !== 'teacher' || teacher.status !== 'active') throw new AppError('not_found')
    await takeTeachersTime(tx, input.teacherId, intervals, ctx.clock.now())
    const { series: _series, extra: _extra, ...values } = input
    const group = await insertClass(tx, values)
    const meetings = await insertMeetings(tx, group.id, group.teacherId, intervals)
    await within?.(tx, { group, meetings })
    return { group, meetings }
  })
  // Search and the teacher's week lose the slots under the meetings.
  ctx.changes.publish({ kind: 'teacher', id: input.teacherId })
  return made
}

/**
 * Enrols the students while the class has places, each in every meeting still to come; the rest
 * join its waiting list in order. Students already in the class (enrolled or waiting) stay as they
 * are.
 */
export async function enrolStudents(
  ctx: GroupContext,
  classId: string,
  studentIds: string[],
  within?: InTransaction<{ before: MemberRow[]; enrolled: string[]; waiting: string[] }>,
): Promise<{ enrolled: string[]; waiting: string[] }> {
  const now = ctx.clock.now()
  const result = await ctx.db.transaction(async (tx) => {
    const group = await lockClass(tx, classId)
    if (!group || group.cancelledAt) throw new AppError('not_found')
    const members = await membersOf(tx, classId)
    const known = new Set(members.map((member) => member.studentId))
    let places = group.capacity - members.filter((member) => member.status === 'enrolled').length
    const enrolled: string[] = []
    const waiting: string[] = []
    for (const studentId of new Set(studentIds)) {
      if (known.has(studentId)) continue
      if (places > 0) {
        enrolled.push(studentId)
        places--
      } else waiting.push(studentId)
    }
    await insertMembers(tx, [
      ...enrolled.map((studentId) => ({ classId, studentId, status: 'enrolled' as const })),
      ...waiting.map((studentId, index) => ({
        classId,
        studentId,
        status: 'waiting' as const,
        // Their order in the list: the order they were given in.
        waitingSince: new Date(now.getTime() + index),
      })),
    ])
    await insertPlaces(tx, group, await comingMeetings(tx, classId, now), enrolled)
    await within?.(tx, { before: members, enrolled, waiting })
    return { enrolled, waiting }
  })
  for (const id of result.enrolled) ctx.changes.publish({ kind: 'student', id })
  return result
}

/**
 * The meeting to move or cancel, read again under its teacher's lock (inside `tx`): one that is gone,
 * cancelled or (for a cancellation) started is refused.
 */
async function lockedMeeting(tx: Db, meetingId: string, teacherId: string) {
  await lockUser(tx, teacherId)
  const meeting = await findMeeting(tx, meetingId, true)
  if (!meeting || meeting.cancelledAt) throw new AppError('not_found')
  return meeting
}

/** The meeting's teacher, whose lock a move or a cancellation takes first. */
async function teacherOf(ctx: GroupContext, meetingId: string): Promise<string> {
  const meeting = await findMeeting(ctx.db, meetingId)
  if (!meeting) throw new AppError('not_found')
  return meeting.teacherId
}

/** Moves one meeting to a Poland date and time (its length kept); its students' places move with it. */
export async function moveMeeting(
  ctx: GroupContext,
  meetingId: string,
  to: { date: string; time: string },
  within?: InTransaction<{ before: MeetingRow; after: MeetingRow }>,
): Promise<MeetingRow> {
  const teacherId = await teacherOf(ctx, meetingId)
  const now = ctx.clock.now()
  const moved = await ctx.db.transaction(async (tx) => {
    const meeting = await lockedMeeting(tx, meetingId, teacherId)
    const units = Math.round(
      (meeting.endsAt.getTime() - meeting.startsAt.getTime()) / (LESSON_SLOT_MINUTES * 60_000),
    )
    const interval = meetingAt(to.date, to.time, units)
    await takeTeachersTime(tx, teacherId, [interval], now, [meeting.id])
    const changed = await changeMeeting(tx, meeting.id, interval)
    // The time it leaves is the teacher's again.
    await refillSlots(tx, teacherId, now)
    await within?.(tx, { before: meeting, after: changed.meeting })
    return changed.meeting
  })
  ctx.changes.publish({ kind: 'teacher', id: teacherId })
  return moved
}

/**
 * Cancels one meeting that has not started: its students' places are cancelled with it (by the
 * school: no penalty for anyone), and the teacher's slots of that time come back.
 */
export async function cancelMeeting(
  ctx: GroupContext,
  meetingId: string,
  within?: InTransaction<{ before: MeetingRow; after: MeetingRow }>,
): Promise<MeetingRow> {
  const teacherId = await teacherOf(ctx, meetingId)
  const now = ctx.clock.now()
  const { meeting, studentIds } = await ctx.db.transaction(async (tx) => {
    const locked = await lockedMeeting(tx, meetingId, teacherId)
    if (locked.startsAt <= now) throw new AppError('lesson_started')
    const changed = await changeMeeting(tx, locked.id, { cancelledAt: now })
    await refillSlots(tx, teacherId, now)
    await within?.(tx, { before: locked, after: changed.meeting })
    return changed
  })
  ctx.changes.publish({ kind: 'teacher', id: teacherId })
  for (const id of studentIds) ctx.changes.publish({ kind: 'student', id })
  return meeting
}

/**
 * Takes the student out of the class: an enrolled student's places still to come go, and the
 * first of the waiting list takes the place, with a place in every meeting still to come.
 */
export async function removeStudent(
  ctx: GroupContext,
  classId: string,
  studentId: string,
  within?: InTransaction<{ member: MemberRow; promoted: string | null }>,
): Promise<{ promoted: string | null }> {
  const now = ctx.clock.now()
  const promoted = await ctx.db.transaction(async (tx) => {
    const group = await lockClass(tx, classId)
    if (!group) throw new AppError('not_found')
    const member = await deleteMember(tx, classId, studentId)
    if (!member) throw new AppError('not_found')
    if (member.status !== 'enrolled') {
      await within?.(tx, { member, promoted: null })
      return null
    }
    await deleteComingPlaces(tx, classId, studentId, now)
    const next = await promoteFirstWaiting(tx, classId)
    if (next) await insertPlaces(tx, group, await comingMeetings(tx, classId, now), [next])
    await within?.(tx, { member, promoted: next ?? null })
    return next ?? null
  })
  ctx.changes.publish({ kind: 'student', id: studentId })
  if (promoted) ctx.changes.publish({ kind: 'student', id: promoted })
  return { promoted }
}
