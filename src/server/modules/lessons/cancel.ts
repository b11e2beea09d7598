import {
  type CancelOutcome,
  type LessonCancel,
  type LessonCancelAnswer,
  lessonCancelResponse,
} from '../../../domain/api/my-lessons.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { type IdempotentAnswer, idempotentWrite } from '../../platform/idempotency.ts'
import type { User } from '../../platform/sessions.ts'
import { revokeUserSessions } from '../../platform/sessions-repository.ts'
import { type Viewer, viewerOf } from '../../platform/viewer.ts'
import { planCancellation } from '../notifications/public.ts'
import { showSettings } from '../settings/public.ts'
import { lockUser, updateUser } from '../users/public.ts'
import { slotsFreed } from '../waitlist/public.ts'
import { type ReadContext, readLesson } from './lists.ts'
import type { LessonRow } from './repository.ts'
import { insertLateCancellationPenalty, lockViewerLesson, updateLesson } from './write-repository.ts'

// POST /lessons/cancel with the rules of product-rules.md "Cancellation": the cancellation, the
// warning or ban, the penalty, the reminders' removal and the other party's notice commit together
// in one transaction; what it changed is published once committed.

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * product-rules.md "Cancellation": cancel is blocked when the lesson is already cancelled, has
 * finished or has started.
 */
function assertCancellable(lesson: LessonRow, now: Date): void {
  // product-rules.md "Group classes": a meeting is moved or cancelled by the school only; a student
  // who will not come says so on their place instead.
  if (lesson.groupMeetingId) throw new AppError('forbidden')
  if (lesson.cancelledAt) throw new AppError('lesson_cancelled')
  if (lesson.endsAt <= now) throw new AppError('lesson_finished')
  if (lesson.startsAt <= now) throw new AppError('lesson_started')
}

type Consequence = { outcome: CancelOutcome; bannedUntil: Date | null }

/**
 * product-rules.md "Warning and ban": inside the cancellation_earliness window a student is warned
 * the first time (warned_at) and banned for ban_duration days the next time — and signed out
 * everywhere; the warning stays set.
 */
async function studentConsequence(
  tx: Db,
  studentId: string,
  now: Date,
  banDays: number,
): Promise<Consequence> {
  const student = await lockUser(tx, studentId)
  if (!student) throw new AppError('unauthenticated')
  if (student.warnedAt === null) {
    await updateUser(tx, studentId, { warnedAt: now, updatedAt: now })
    return { outcome: 'warned', bannedUntil: null }
  }
  const bannedUntil = new Date(now.getTime() + banDays * DAY_MS)
  await updateUser(tx, studentId, { bannedUntil, updatedAt: now })
  await revokeUserSessions(tx, studentId, now)
  return { outcome: 'banned', bannedUntil }
}

type CancelContext = Pick<AppContext, 'db' | 'clock' | 'log' | 'jobs' | 'fileUrls' | 'changes'>

/** Cancels the user's lesson once per Idempotency-Key; a replay answers the first answer. */
export async function cancelLesson(
  ctx: CancelContext,
  user: User,
  input: LessonCancel,
  key: string | undefined,
): Promise<IdempotentAnswer<{ data: LessonCancelAnswer }>> {
  const now = ctx.clock.now()
  const request = { userId: user.id, key, scope: 'POST /lessons/cancel', body: input }
  const answer = await idempotentWrite(ctx, request, lessonCancelResponse, async (tx) => {
    const data = await applyCancellation(tx, ctx, viewerOf(user), input, now)
    const { lesson } = data
    // The lesson's reminders go with it, and the other party hears of it, in this transaction:
    // both happen exactly when the cancellation commits.
    const planned = {
      id: lesson.id,
      startsAt: new Date(lesson.scheduled_at),
      teacherId: lesson.teacher.id,
      studentId: lesson.student.id,
    }
    await planCancellation(tx, ctx.jobs, planned, user.id)
    // The freed slot is offered to the students waiting for this teacher.
    await slotsFreed(tx, ctx.jobs, {
      teacherId: lesson.teacher.id,
      startsAt: [planned.startsAt],
      exceptStudentId: lesson.student.id,
    })
    return { status: 200, body: { data } }
  })
  const { outcome, lesson } = answer.body.data
  // The slot is free again; a warned or banned student's row changed (a ban ended their sessions).
  ctx.changes.publish({ kind: 'teacher', id: lesson.teacher.id }, { kind: 'student', id: lesson.student.id })
  if (outcome === 'warned' || outcome === 'banned')
    ctx.changes.publish({ kind: 'user', id: lesson.student.id })
  return answer
}

async function applyCancellation(
  tx: Db,
  ctx: Pick<ReadContext, 'fileUrls'>,
  viewer: Viewer,
  input: LessonCancel,
  now: Date,
): Promise<LessonCancelAnswer> {
  const lesson = await lockViewerLesson(tx, viewer, input.lesson_id)
  assertCancellable(lesson, now)
  const settings = await showSettings({ db: tx })
  const late = lesson.startsAt.getTime() - now.getTime() < settings.cancellation_earliness * HOUR_MS
  let consequence: Consequence = { outcome: 'cancelled', bannedUntil: null }
  if (late && viewer.role === 'student') {
    consequence = await studentConsequence(tx, viewer.id, now, settings.ban_duration)
  } else if (late) {
    // product-rules.md "Teacher penalties": teachers get a notice about a financial penalty, never
    // a warning or a ban.
    await insertLateCancellationPenalty(tx, lesson, now)
    consequence = { outcome: 'penalty', bannedUntil: null }
  }
  // The slot is free again: lessons_active_slot_key covers only lessons not cancelled.
  await updateLesson(tx, lesson.id, {
    cancelledAt: now,
    cancelledBy: viewer.id,
    cancellationReason: input.cancellation_reason,
  })
  return {
    lesson: await readLesson(tx, ctx, viewer, lesson.id, now),
    outcome: consequence.outcome,
    banned_until: consequence.bannedUntil?.toISOString() ?? null,
  }
}
