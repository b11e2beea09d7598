import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { refillSlots } from '../timetables/public.ts'
import { lockUser } from '../users/public.ts'
import {
  changeMeeting,
  comingMeetings,
  findClass,
  type GroupClassRow,
  insertPlaces,
  lockClass,
  type MeetingRow,
  membersOf,
  promoteFirstWaiting,
  setComingPlacesLevel,
  updateClassRow,
} from './repository.ts'
import type { InTransaction } from './service.ts'

// A class's own changes (product-rules.md "Group classes"): its title, description, level and
// capacity, and the school's cancellation of every meeting still to come.

type GroupContext = Pick<AppContext, 'db' | 'clock' | 'changes'>

export type ClassChanges = { title?: string; description?: string; levelId?: number; capacity?: number }

/**
 * Changes the class's fields. A capacity under the enrolled count is refused (on its field); a raised one lets the waiting list in, in its order, each with a place in every
 * meeting still to come.
 */
export async function updateClass(
  ctx: GroupContext,
  classId: string,
  changes: ClassChanges,
  within?: InTransaction<{ before: GroupClassRow; after: GroupClassRow; promoted: string[] }>,
): Promise<{ group: GroupClassRow; promoted: string[] }> {
  const now = ctx.clock.now()
  const result = await ctx.db.transaction(async (tx) => {
    const before = await lockClass(tx, classId)
    if (!before || before.cancelledAt) throw new AppError('not_found')
    const members = await membersOf(tx, classId)
    const enrolled = members.filter((member) => member.status === 'enrolled').length
    if (changes.capacity !== undefined && changes.capacity < enrolled)
      throw new AppError('validation_failed', {
        errors: [
          { field: 'capacity', code: 'invalid', message: `At least ${enrolled}: the students enrolled` },
        ],
      })
    const after = await updateClassRow(tx, classId, changes, now)
    if (changes.levelId !== undefined && changes.levelId !== before.levelId)
      await setComingPlacesLevel(tx, classId, changes.levelId, now)
    const promoted: string[] = []
    for (let free = after.capacity - enrolled; free > 0; free--) {
      const next = await promoteFirstWaiting(tx, classId)
      if (!next) break
      promoted.push(next)
    }
    await insertPlaces(tx, after, await comingMeetings(tx, classId, now), promoted)
    await within?.(tx, { before, after, promoted })
    return { group: after, promoted }
  })
  for (const id of result.promoted) ctx.changes.publish({ kind: 'student', id })
  return result
}

/**
 * Cancels every meeting of the class that has not started — each by the same change as one
 * meeting's cancellation — and the class with them (its enrolment closes); the teacher's time
 * comes back. One transaction under the teacher's lock.
 */
export async function cancelRemaining(
  ctx: GroupContext,
  classId: string,
  within?: InTransaction<{ before: GroupClassRow; cancelled: MeetingRow[] }>,
): Promise<{ cancelled: MeetingRow[] }> {
  const now = ctx.clock.now()
  const found = await findClass(ctx.db, classId)
  if (!found) throw new AppError('not_found')
  const teacherId = found.teacherId
  const result = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, teacherId)
    const group = await lockClass(tx, classId)
    if (!group || group.cancelledAt) throw new AppError('not_found')
    const cancelled: MeetingRow[] = []
    const students = new Set<string>()
    for (const meeting of await comingMeetings(tx, classId, now)) {
      const changed = await changeMeeting(tx, meeting.id, { cancelledAt: now })
      cancelled.push(changed.meeting)
      for (const id of changed.studentIds) students.add(id)
    }
    await updateClassRow(tx, classId, { cancelledAt: now }, now)
    await refillSlots(tx, teacherId, now)
    await within?.(tx, { before: group, cancelled })
    return { cancelled, students: [...students] }
  })
  ctx.changes.publish({ kind: 'teacher', id: teacherId })
  for (const id of result.students) ctx.changes.publish({ kind: 'student', id })
  return { cancelled: result.cancelled }
}
