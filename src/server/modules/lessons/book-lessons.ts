import * as v from 'valibot'
import { type LessonCreate, lessonCreateResponse } from '../../../domain/api/lessons.ts'
import { SCHEDULED_SLOT_MATCH_MINUTES } from '../../../domain/constants.ts'
import { formatMessage } from '../../../domain/error-text.ts'
import type { ErrorCode } from '../../../domain/errors.ts'
import { formatPolandDate, polandDateKey } from '../../../domain/poland-time.ts'
import { scheduleRange } from '../../../domain/schedule/slot-rules.ts'
import type { AppContext, ServiceContext } from '../../context.ts'
import type { Database } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { AppError } from '../../platform/errors.ts'
import { type IdempotentAnswer, purgeOldKeys, requestHash } from '../../platform/idempotency.ts'
import { DEFAULT_SETTINGS } from '../settings/public.ts'
import { bookingLanes } from './booking-lanes.ts'

// POST /lessons/create: one call of the database function lektorium_book_lessons
// (db/functions/book-lessons.sql) takes the locks — the student's row, the teacher's row, the
// slots, in that order — applies every rule in the order the web's messages expect
// (product-rules.md "Errors"), inserts the lessons and stores the idempotent answer, in one round
// trip and one transaction; bookings that arrive together share the round trip and the commit
// (booking-lanes.ts). The partial unique index on active lessons stays the final guard against a
// double booking. Here: what needs no database (the clock's dates), and the outcome in words.

const BOOKING_SCOPE = 'POST /lessons/create'

const outcomeSchema = v.union([
  v.object({ status: v.number(), body: v.unknown(), replayed: v.boolean() }),
  v.object({
    error: v.string(),
    slots: v.optional(v.array(v.string())),
    limit: v.optional(v.number()),
    banned_until: v.optional(v.string()),
  }),
])
type Refusal = Extract<v.InferOutput<typeof outcomeSchema>, { error: string }>

/** What lektorium_book_lessons may refuse with; anything else is a bug (500). */
const REFUSALS: ReadonlySet<string> = new Set<ErrorCode>([
  'forbidden',
  'idempotency_key_reused',
  'human_access_required',
  'registration_incomplete',
  'group_lessons_only',
  'account_banned',
  'account_expired',
  'not_found',
  'language_not_taught',
  'not_accepting_new_students',
  'slot_unavailable',
  'one_lesson_with_teacher',
  'slot_taken',
  'lesson_date_taken',
  'lesson_limit',
  'teacher_monthly_income',
])
const isRefusal = (code: string): code is ErrorCode => REFUSALS.has(code)

/**
 * A refusal that names the requested slots it is about: one error per slot, `time_slot_ids.<index
 * in the request>`, each with the English message, so the web can say which slot and keep the
 * others chosen. The "first item of the error list" of product-rules.md "Errors" is still the
 * message.
 */
function refuseSlots(code: ErrorCode, refusedIds: ReadonlySet<string>, input: LessonCreate): AppError {
  const message = formatMessage(code)
  const errors = input.time_slot_ids.flatMap((id, index) =>
    refusedIds.has(id) ? [{ field: `time_slot_ids.${index}`, message }] : [],
  )
  return new AppError(code, { errors })
}

function refusal(outcome: Refusal, input: LessonCreate): AppError {
  const code = outcome.error
  if (!isRefusal(code)) throw new Error(`lektorium_book_lessons answered an unknown refusal: ${code}`)
  if (outcome.slots) return refuseSlots(code, new Set(outcome.slots), input)
  if (code === 'account_banned' && outcome.banned_until)
    return new AppError(code, { params: { date: formatPolandDate(new Date(outcome.banned_until)) } })
  if (code === 'lesson_limit') return new AppError(code, { params: { limit: String(outcome.limit) } })
  return new AppError(code)
}

type BookingAnswer = IdempotentAnswer<v.InferOutput<typeof lessonCreateResponse>>

/**
 * POST /lessons/create's use case: books the slots for the student and, once committed, publishes
 * the teacher's and the student's change (the booking function leaves them unannounced) and plans
 * the lessons' e-mails. A key seen before answers its first answer (`replayed`), which changed
 * nothing.
 */
export async function bookLessons(
  ctx: Pick<AppContext, 'clock' | 'database' | 'db' | 'log' | 'changes' | 'notifications'>,
  studentId: string,
  input: LessonCreate,
  key: string | undefined,
): Promise<BookingAnswer> {
  const answer = await runBooking(ctx, studentId, input, key)
  if (!answer.replayed) {
    ctx.changes.publishUnannounced(
      { kind: 'teacher', id: input.teacher_id },
      { kind: 'student', id: studentId },
    )
    // The confirmation, the teacher's notice and the reminders.
    if (answer.status === 201) ctx.notifications.booked(answer.body.data.lessons.map((lesson) => lesson.id))
  }
  await purgeOldKeys(ctx, ctx.clock.now())
  return answer
}

/** One call of the booking function, its refusals turned into errors. */
async function runBooking(
  ctx: Pick<ServiceContext, 'clock'> & { database: Pick<Database, 'pool'> },
  studentId: string,
  input: LessonCreate,
  key: string | undefined,
): Promise<BookingAnswer> {
  const now = ctx.clock.now()
  // product-rules.md "Constants and limits": the current and the next week, by Poland dates (never
  // null without active_until).
  const range = scheduleRange(now, null)
  if (!range) throw new Error('the schedule range is empty')
  let answer: unknown
  try {
    answer = await bookingLanes(ctx.database.pool).book({
      student: studentId,
      teacher: input.teacher_id,
      language: input.language_id,
      level: input.level_id,
      slots: input.time_slot_ids,
      now,
      today: polandDateKey(now),
      from: range.from,
      to: range.to,
      grace: DEFAULT_SETTINGS.lessonEarlinessCondition,
      match: SCHEDULED_SLOT_MATCH_MINUTES,
      key: key ?? null,
      scope: BOOKING_SCOPE,
      hash: key === undefined ? null : requestHash(input),
    })
  } catch (error) {
    // lessons_active_slot_key: a booking that slipped past the locks is a conflict, never a 500.
    if (isUniqueViolation(error)) throw new AppError('slot_taken')
    throw error
  }
  const outcome = v.parse(outcomeSchema, answer)
  if ('error' in outcome) throw refusal(outcome, input)
  const body = v.parse(lessonCreateResponse, outcome.body)
  return { status: outcome.status, body, replayed: outcome.replayed }
}
