import type * as v from 'valibot'
import type {
  AdminGroupClass,
  AdminGroupClassDetail,
  createGroupClassBody,
} from '../../../domain/api/admin-group-classes.ts'
import { LESSON_SLOT_MINUTES } from '../../../domain/constants.ts'
import {
  MAX_MEETINGS,
  meetingAt,
  seriesMeetings,
  type Weekday,
  type WeeklySeries,
} from '../../../domain/group-classes/series.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { languageRef } from '../dictionaries/public.ts'
import {
  type ClassChanges,
  cancelMeeting,
  cancelRemaining,
  createClass,
  type GroupClassRow,
  type MeetingRow,
  moveMeeting,
  removeStudent,
  updateClass,
} from '../group-classes/public.ts'
import { type AuditActor, writeAudit } from './audit-repository.ts'
import { fieldError } from './field-errors.ts'
import {
  findGroupClass,
  type GroupClassListRow,
  meetingById,
  meetingsOfClass,
  membersWithAttendance,
  notComingOfClass,
  referencesExist,
} from './group-classes-repository.ts'

// The console's group classes (product-rules.md "Group classes"): the list and a class's page, and
// the school's writes through the group-classes module's use cases, each audited with its before and
// after in the write's own transaction. Enrolment is in group-classes-enrol.ts.

export type GroupContext = Pick<AppContext, 'db' | 'clock' | 'changes'>

const iso = (at: Date | null) => at?.toISOString() ?? null

export function toGroupClass(row: GroupClassListRow): AdminGroupClass {
  const { group } = row
  return {
    id: group.id,
    title: group.title,
    description: group.description,
    teacher: row.teacher,
    language: languageRef(row.language),
    level: row.level,
    company_name: group.companyName,
    capacity: group.capacity,
    provider: group.provider,
    state: group.cancelledAt ? 'cancelled' : row.coming ? 'active' : 'finished',
    enrolled: row.enrolled,
    waiting: row.waiting,
    meetings: row.meetings,
    next_meeting_at: iso(row.nextMeetingAt),
    created_at: group.createdAt.toISOString(),
  }
}

function meetingState(meeting: MeetingRow, now: Date) {
  if (meeting.cancelledAt) return 'cancelled' as const
  if (meeting.endsAt <= now) return 'past' as const
  return meeting.startsAt <= now ? ('started' as const) : ('upcoming' as const)
}

export async function groupClassDetail(db: Db, classId: string, now: Date): Promise<AdminGroupClassDetail> {
  const row = await findGroupClass(db, classId, now)
  if (!row) throw new AppError('not_found')
  const meetings = await meetingsOfClass(db, classId)
  const members = await membersWithAttendance(db, classId, now)
  const notComing = await notComingOfClass(db, classId)
  const person = (m: (typeof members)[number]) => ({
    id: m.student.id,
    name: m.student.name,
    email: m.student.email,
    company_name: m.student.companyName,
  })
  return {
    ...toGroupClass(row),
    meetings_list: meetings.map((meeting) => ({
      id: meeting.id,
      starts_at: meeting.startsAt.toISOString(),
      ends_at: meeting.endsAt.toISOString(),
      state: meetingState(meeting, now),
      cancelled_at: iso(meeting.cancelledAt),
      not_coming: notComing.filter((row) => row.meetingId === meeting.id).map((row) => row.name ?? row.email),
    })),
    roster: members
      .filter((m) => m.status === 'enrolled')
      .map((m) => ({ student: person(m), attended: m.attended, past: m.past, since: m.since.toISOString() })),
    waiting_list: members
      .filter((m) => m.status === 'waiting')
      .map((m) => ({ student: person(m), since: m.since.toISOString() })),
  }
}

/** What the audit keeps of a class. */
export const classSnapshot = (group: GroupClassRow) => ({
  title: group.title,
  description: group.description,
  teacher_id: group.teacherId,
  language_id: group.languageId,
  level_id: group.levelId,
  company_name: group.companyName,
  capacity: group.capacity,
  provider: group.provider,
  cancelled_at: iso(group.cancelledAt),
})

const meetingSnapshot = (meeting: MeetingRow) => ({
  class_id: meeting.classId,
  starts_at: meeting.startsAt.toISOString(),
  ends_at: meeting.endsAt.toISOString(),
  cancelled_at: iso(meeting.cancelledAt),
})

type CreateBody = v.InferOutput<typeof createGroupClassBody>

/** The body's weekly series, or a field error when it names both or neither of its ends. */
function seriesOf(body: CreateBody): WeeklySeries | null {
  const series = body.series
  if (!series) return null
  const base = {
    weekdays: series.weekdays.filter((day): day is Weekday => day >= 1 && day <= 7),
    startTime: series.start_time,
    units: series.units,
    firstDate: series.first_date,
  }
  if (series.meetings !== undefined && series.last_date === undefined)
    return { ...base, meetings: series.meetings }
  if (series.last_date !== undefined && series.meetings === undefined) {
    if (series.last_date < series.first_date)
      throw fieldError('series.last_date', 'The last date comes before the first')
    return { ...base, lastDate: series.last_date }
  }
  throw fieldError('series.meetings', 'Give either a number of meetings or a last date')
}

/**
 * The meetings' own rules on their fields, before the teacher's time is looked at: some meeting,
 * at most MAX_MEETINGS, none started, none overlapping another.
 */
function checkMeetings(series: WeeklySeries | null, body: CreateBody, now: Date): void {
  const planned = [
    ...(series ? seriesMeetings(series).map((m) => ({ ...m, field: 'series.first_date' })) : []),
    ...body.extra.map((m, i) => ({ ...meetingAt(m.date, m.time, m.units), field: `extra.${i}.date` })),
  ].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
  if (planned.length === 0) throw fieldError('series', 'Give a weekly series or at least one meeting')
  if (planned.length > MAX_MEETINGS) throw fieldError('series', `At most ${MAX_MEETINGS} meetings`)
  const past = planned.find((m) => m.startsAt <= now)
  if (past) throw fieldError(past.field, 'The meeting would start in the past')
  for (let i = 1; i < planned.length; i++) {
    const previous = planned[i - 1]
    const current = planned[i]
    if (previous && current && current.startsAt < previous.endsAt)
      throw fieldError(current.field, 'Two meetings of the class overlap')
  }
}

async function checkReferences(db: Db, ids: { languageId?: number; levelId?: number }) {
  const found = await referencesExist(db, ids)
  if (!found.language) throw fieldError('language_id', 'No such language')
  if (!found.level) throw fieldError('level_id', 'No such level')
}

export async function createGroupClass(
  ctx: GroupContext,
  body: CreateBody,
  actor: AuditActor,
): Promise<AdminGroupClassDetail> {
  const now = ctx.clock.now()
  const series = seriesOf(body)
  checkMeetings(series, body, now)
  await checkReferences(ctx.db, { languageId: body.language_id, levelId: body.level_id })
  const input = {
    teacherId: body.teacher_id,
    languageId: body.language_id,
    levelId: body.level_id,
    title: body.title,
    description: body.description,
    companyName: body.company_name || null,
    capacity: body.capacity,
    provider: body.provider,
    series,
    extra: body.extra,
  }
  const made = await createClass(ctx, input, async (tx, { group, meetings }) => {
    const first = meetings[0]
    const last = meetings.at(-1)
    await writeAudit(
      tx,
      actor,
      {
        action: 'group_class.create',
        targetType: 'group_class',
        targetId: group.id,
        before: null,
        after: {
          ...classSnapshot(group),
          meetings: meetings.length,
          first_meeting_at: iso(first?.startsAt ?? null),
          last_meeting_at: iso(last?.startsAt ?? null),
        },
      },
      now,
    )
  }).catch((error: unknown) => {
    // createClass's not_found: the teacher is not an active teacher.
    if (error instanceof AppError && error.code === 'not_found')
      throw fieldError('teacher_id', 'No active teacher with this id')
    throw error
  })
  return groupClassDetail(ctx.db, made.group.id, ctx.clock.now())
}

export async function updateGroupClass(
  ctx: GroupContext,
  classId: string,
  changes: ClassChanges,
  actor: AuditActor,
): Promise<AdminGroupClassDetail> {
  await checkReferences(ctx.db, { levelId: changes.levelId })
  const now = ctx.clock.now()
  await updateClass(ctx, classId, changes, (tx, { before, after, promoted }) =>
    writeAudit(
      tx,
      actor,
      {
        action: 'group_class.update',
        targetType: 'group_class',
        targetId: classId,
        before: classSnapshot(before),
        after: { ...classSnapshot(after), promoted },
      },
      now,
    ),
  )
  return groupClassDetail(ctx.db, classId, ctx.clock.now())
}

export async function removeGroupStudent(
  ctx: GroupContext,
  classId: string,
  studentId: string,
  actor: AuditActor,
): Promise<AdminGroupClassDetail> {
  const now = ctx.clock.now()
  await removeStudent(ctx, classId, studentId, (tx, { member, promoted }) =>
    writeAudit(
      tx,
      actor,
      {
        action: 'group_class.remove_student',
        targetType: 'group_class',
        targetId: classId,
        before: { student_id: studentId, status: member.status },
        after: { student_id: studentId, status: null, promoted },
      },
      now,
    ),
  )
  return groupClassDetail(ctx.db, classId, ctx.clock.now())
}

/** A meeting under way or over is the room's now: neither moved nor cancelled (lesson_started). */
async function upcomingMeeting(ctx: GroupContext, meetingId: string): Promise<MeetingRow> {
  const meeting = await meetingById(ctx.db, meetingId)
  if (!meeting || meeting.cancelledAt) throw new AppError('not_found')
  if (meeting.startsAt <= ctx.clock.now()) throw new AppError('lesson_started')
  return meeting
}

export async function moveGroupMeeting(
  ctx: GroupContext,
  meetingId: string,
  to: { date: string; time: string },
  actor: AuditActor,
): Promise<AdminGroupClassDetail> {
  const meeting = await upcomingMeeting(ctx, meetingId)
  const now = ctx.clock.now()
  const units = Math.round(
    (meeting.endsAt.getTime() - meeting.startsAt.getTime()) / (LESSON_SLOT_MINUTES * 60_000),
  )
  if (meetingAt(to.date, to.time, units).startsAt <= now)
    throw fieldError('date', 'The meeting would start in the past')
  await moveMeeting(ctx, meetingId, to, (tx, { before, after }) =>
    writeAudit(
      tx,
      actor,
      {
        action: 'group_meeting.move',
        targetType: 'group_meeting',
        targetId: meetingId,
        before: meetingSnapshot(before),
        after: meetingSnapshot(after),
      },
      now,
    ),
  )
  return groupClassDetail(ctx.db, meeting.classId, ctx.clock.now())
}

export async function cancelGroupMeeting(
  ctx: GroupContext,
  meetingId: string,
  actor: AuditActor,
): Promise<AdminGroupClassDetail> {
  const meeting = await upcomingMeeting(ctx, meetingId)
  const now = ctx.clock.now()
  await cancelMeeting(ctx, meetingId, (tx, { before, after }) =>
    writeAudit(
      tx,
      actor,
      {
        action: 'group_meeting.cancel',
        targetType: 'group_meeting',
        targetId: meetingId,
        before: meetingSnapshot(before),
        after: meetingSnapshot(after),
      },
      now,
    ),
  )
  return groupClassDetail(ctx.db, meeting.classId, ctx.clock.now())
}

export async function cancelRemainingMeetings(
  ctx: GroupContext,
  classId: string,
  actor: AuditActor,
): Promise<AdminGroupClassDetail> {
  const now = ctx.clock.now()
  await cancelRemaining(ctx, classId, (tx, { before, cancelled }) =>
    writeAudit(
      tx,
      actor,
      {
        action: 'group_class.cancel_remaining',
        targetType: 'group_class',
        targetId: classId,
        before: { cancelled_at: null, coming_meetings: cancelled.map((m) => m.startsAt.toISOString()) },
        after: {
          cancelled_at: now.toISOString(),
          coming_meetings: [],
          cancelled_meetings: cancelled.map((m) => m.id),
          title: before.title,
        },
      },
      now,
    ),
  )
  return groupClassDetail(ctx.db, classId, ctx.clock.now())
}
