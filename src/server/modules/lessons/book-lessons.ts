import { accountAccess } from '../../../domain/account-access.ts'
import type { BookedLesson, LessonCreate, LessonCreateAnswer } from '../../../domain/api/lessons.ts'
import { formatMessage } from '../../../domain/error-text.ts'
import type { ErrorCode } from '../../../domain/errors.ts'
import { formatPolandDate } from '../../../domain/poland-time.ts'
import { scheduleRange } from '../../../domain/schedule/slot-rules.ts'
import type { Db } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { showSettings } from '../settings/service.ts'
import { lockUser } from '../users/repository.ts'
import {
  clashingSlots,
  isAfterActiveUntil,
  isBookableSlot,
  laterOnTheirDate,
  requestedMonths,
  scheduledCount,
} from './booking-rules.ts'
import {
  bookedSlotIds,
  countTeacherLessons,
  insertLessons,
  isAllowedStudent,
  type LessonRow,
  lockTeacherSlots,
  type SlotRow,
  studentLessons,
  teachesAtLevel,
} from './repository.ts'

// spec §7 POST /lessons/create (issue #4 item 4): every rule is decided here, on the server, in
// the order the web's messages expect (spec §8). The caller runs this inside one transaction.

const DAY_MS = 24 * 60 * 60 * 1000

/** spec §8: who may book at all — access, ban and "active until" (Poland date). */
function assertMayBook(student: User, now: Date): void {
  if (!student.humanAccess) throw new AppError('human_access_required')
  if (student.bannedUntil && student.bannedUntil > now) {
    throw new AppError('account_banned', { params: { date: formatPolandDate(student.bannedUntil) } })
  }
  if (accountAccess(student.activeUntil, now).kind === 'expired') throw new AppError('account_expired')
}

/**
 * A refusal that names the requested slots it is about (issue #11 item 2): one error per slot,
 * `time_slot_ids.<index in the request>`, each with the English message, so the web can say which
 * slot and keep the others chosen. spec §8's "first item of the error list" is still the message.
 */
function refuseSlots(code: ErrorCode, refusedIds: ReadonlySet<string>, input: LessonCreate): AppError {
  const message = formatMessage(code)
  const errors = input.time_slot_ids.flatMap((id, index) =>
    refusedIds.has(id) ? [{ field: `time_slot_ids.${index}`, message }] : [],
  )
  return new AppError(code, { errors })
}

const idsOf = (slots: { id: string }[]) => new Set(slots.map((slot) => slot.id))

/** Each requested slot exists, is the teacher's, lies in the range and is not missed (spec §4, §9). */
function assertSlotsBookable(
  slots: SlotRow[],
  input: LessonCreate,
  student: User,
  now: Date,
  graceHours: number,
) {
  const range = scheduleRange(now, null)
  const found = idsOf(slots)
  const unbookable = new Set(input.time_slot_ids.filter((id) => !found.has(id)))
  for (const slot of slots) {
    if (!range || !isBookableSlot(slot, { now, graceHours, range })) unbookable.add(slot.id)
  }
  if (unbookable.size > 0) throw refuseSlots('slot_unavailable', unbookable, input)
  const expired = slots.filter((slot) => isAfterActiveUntil(slot, student.activeUntil))
  if (expired.length > 0) throw refuseSlots('account_expired', idsOf(expired), input)
  // Our reading of spec §8 "only one lesson with this teacher": one a day (docs/decisions.md).
  const sameDate = laterOnTheirDate(slots)
  if (sameDate.length > 0) throw refuseSlots('one_lesson_with_teacher', idsOf(sameDate), input)
}

/** spec §8 dates and spec §9 limit, against the student's active lessons. */
async function assertStudentFree(
  tx: Db,
  student: User,
  slots: SlotRow[],
  input: LessonCreate,
  now: Date,
): Promise<void> {
  const first = slots[0]
  const last = slots.at(-1)
  if (!first || !last) return
  const lessons = await studentLessons(tx, student.id, {
    now,
    from: new Date(first.startsAt.getTime() - DAY_MS),
    to: new Date(last.startsAt.getTime() + DAY_MS),
  })
  const clashing = clashingSlots(slots, lessons)
  if (clashing.length > 0) throw refuseSlots('lesson_date_taken', idsOf(clashing), input)
  const limit = student.scheduledLessonsLimit
  if (scheduledCount(lessons, now) + slots.length > limit) {
    throw new AppError('lesson_limit', { params: { limit: String(limit) } })
  }
}

/** Our reading of spec §8 "maximum monthly income": a cap on a teacher's lessons per Poland month. */
async function assertMonthlyCap(tx: Db, teacher: User, slots: SlotRow[]): Promise<void> {
  const cap = teacher.monthlyLessonCap
  if (cap === null) return
  for (const month of requestedMonths(slots)) {
    const booked = await countTeacherLessons(tx, teacher.id, month.from, month.to)
    if (booked + month.requested > cap) throw new AppError('teacher_monthly_income')
  }
}

/** A lesson just inserted always has its slot; anything else is a bug worth a 500. */
function missingSlot(lessonId: string): never {
  throw new Error(`the new lesson ${lessonId} has no slot`)
}

const toBookedLesson = (row: LessonRow, slotId: string): BookedLesson => ({
  id: row.id,
  lesson_id: row.id,
  time_slot_id: slotId,
  teacher_id: row.teacherId,
  student_id: row.studentId,
  language_id: row.languageId,
  level_id: row.levelId,
  scheduled_at: row.startsAt.toISOString(),
  status: 'scheduled',
})

/**
 * Books the slots for the student inside the caller's transaction (`tx` only). Locks, in this
 * order, the student's row, the teacher's row (the timetable update takes it too, so a booking
 * and a schedule change serialise) and the slots; the partial unique index on active lessons is
 * the final guard against a double booking.
 */
export async function bookLessons(
  tx: Db,
  now: Date,
  studentId: string,
  input: LessonCreate,
): Promise<LessonCreateAnswer> {
  const student = await lockUser(tx, studentId)
  if (student?.role !== 'student') throw new AppError('forbidden')
  assertMayBook(student, now)
  const teacher = await lockUser(tx, input.teacher_id)
  if (teacher?.role !== 'teacher' || teacher.status !== 'active') throw new AppError('not_found')
  const { teacher_id: teacherId, language_id: languageId, level_id: levelId } = input
  if (!(await teachesAtLevel(tx, { teacherId, languageId, levelId }))) {
    throw new AppError('language_not_taught')
  }
  if (teacher.notAcceptingNewStudents && !(await isAllowedStudent(tx, teacherId, student.id))) {
    throw new AppError('not_accepting_new_students')
  }
  const slots = await lockTeacherSlots(tx, teacherId, input.time_slot_ids)
  const settings = await showSettings({ db: tx })
  assertSlotsBookable(slots, input, student, now, settings.lesson_earliness_condition)
  const taken = await bookedSlotIds(tx, input.time_slot_ids)
  if (taken.length > 0) throw refuseSlots('slot_taken', new Set(taken), input)
  await assertStudentFree(tx, student, slots, input, now)
  await assertMonthlyCap(tx, teacher, slots)
  const values = slots.map((slot) => ({
    studentId: student.id,
    teacherId,
    timeSlotId: slot.id,
    languageId,
    levelId,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
  }))
  try {
    const rows = await insertLessons(tx, values)
    rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    return { lessons: rows.map((row) => toBookedLesson(row, row.timeSlotId ?? missingSlot(row.id))) }
  } catch (error) {
    // lessons_active_slot_key: a booking that slipped past the locks is a conflict, never a 500.
    if (isUniqueViolation(error)) throw new AppError('slot_taken')
    throw error
  }
}
