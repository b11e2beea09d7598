import {
  WAITLIST_MAX_ENTRIES,
  type WaitlistCreate,
  type WaitlistEntry,
} from '../../../domain/api/waitlist.ts'
import { formatTime, parseTime } from '../../../domain/schedule/time-of-day.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { findActiveUser, lockUser } from '../users/public.ts'
import {
  countEntries,
  deleteEntry,
  type EntryWithTeacher,
  entriesOf,
  entryOfStudent,
  upsertEntry,
} from './repository.ts'

// A student's waitlists: wait for a teacher's slot that suits, see them, leave.

type WaitlistContext = Pick<AppContext, 'db' | 'clock' | 'fileUrls'>

function toEntry(ctx: WaitlistContext, row: EntryWithTeacher): WaitlistEntry {
  return {
    id: row.id,
    teacher: {
      id: row.teacher.id,
      first_name: row.teacher.firstName,
      last_name: row.teacher.lastName,
      image_url: ctx.fileUrls.url(row.teacher.imageKey),
    },
    weekdays: [...row.weekdays].sort((a, b) => a - b),
    from: row.fromMinute === null ? null : formatTime(row.fromMinute),
    to: row.toMinute === null ? null : formatTime(row.toMinute),
    created_at: row.createdAt.toISOString(),
  }
}

export async function listWaitlists(ctx: WaitlistContext, student: User): Promise<WaitlistEntry[]> {
  return (await entriesOf(ctx.db, student.id)).map((row) => toEntry(ctx, row))
}

/**
 * Waits for the teacher (or changes the days and hours of the wait, keeping its place in the
 * line). The teacher must be an active (verified) teacher; a student waits for at most
 * WAITLIST_MAX_ENTRIES teachers.
 */
export async function joinWaitlist(
  ctx: WaitlistContext,
  student: User,
  input: WaitlistCreate,
): Promise<{ entry: WaitlistEntry; created: boolean }> {
  // Only a student who may book one-to-one lessons has a slot to wait for (product-rules.md
  // "Booking").
  if (!student.humanAccess) throw new AppError('human_access_required')
  const teacher = await findActiveUser(ctx.db, input.teacher_id, 'teacher')
  if (!teacher) throw new AppError('not_found')
  const now = ctx.clock.now()
  const window = {
    weekdays: [...new Set(input.weekdays)].sort((a, b) => a - b),
    fromMinute: input.from === null ? null : parseTime(input.from),
    toMinute: input.to === null ? null : parseTime(input.to),
  }
  const id = await ctx.db.transaction(async (tx) => {
    // Two requests at once cannot both pass the count.
    await lockUser(tx, student.id)
    const existing = await entryOfStudent(tx, student.id, teacher.id)
    if (!existing && (await countEntries(tx, student.id)) >= WAITLIST_MAX_ENTRIES)
      throw new AppError('waitlist_full', { params: { max: String(WAITLIST_MAX_ENTRIES) } })
    const row = await upsertEntry(tx, { studentId: student.id, teacherId: teacher.id, now, ...window })
    return { id: row.id, created: !existing }
  })
  const entry = (await entriesOf(ctx.db, student.id)).find((row) => row.id === id.id)
  if (!entry) throw new AppError('not_found')
  return { entry: toEntry(ctx, entry), created: id.created }
}

export async function leaveWaitlist(ctx: WaitlistContext, student: User, id: string): Promise<void> {
  if (!(await deleteEntry(ctx.db, student.id, id))) throw new AppError('not_found')
}
