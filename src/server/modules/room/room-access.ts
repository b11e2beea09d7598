import { JOIN_WINDOW_MINUTES } from '../../../domain/constants.ts'
import type { Db } from '../../db/client.ts'
import type { lessons } from '../../db/schema-lessons.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { partyLesson } from './repository.ts'

// Who may enter a lesson's room and when (protocol §1, product-rules.md "Join window"): the
// lesson's own teacher or student, a lesson neither cancelled nor a group lesson, inside the join
// window — from 15 minutes before the start to 15 minutes after the end, both edges included — by
// the server's clock (the client's is never trusted).

const WINDOW_MS = JOIN_WINDOW_MINUTES * 60_000

export type RoomLesson = Pick<
  typeof lessons.$inferSelect,
  | 'id'
  | 'teacherId'
  | 'studentId'
  | 'startsAt'
  | 'endsAt'
  | 'cancelledAt'
  | 'isGroup'
  | 'isLearncube'
  | 'roomToken'
>

export const opensAt = (lesson: Pick<RoomLesson, 'startsAt'>) =>
  new Date(lesson.startsAt.getTime() - WINDOW_MS)
export const closesAt = (lesson: Pick<RoomLesson, 'endsAt'>) => new Date(lesson.endsAt.getTime() + WINDOW_MS)

/** The viewer's lesson; anybody else's is 404 `lesson_not_found`, as if it did not exist. */
export async function findPartyLesson(db: Db, viewer: Viewer, lessonId: string): Promise<RoomLesson> {
  const row = await partyLesson(db, viewer, lessonId)
  if (!row) throw new AppError('lesson_not_found')
  return row
}

/** Throws the protocol's refusal when the room of `lesson` cannot be used at `now`. */
export function assertRoomOpen(lesson: RoomLesson, now: Date): void {
  // 422 as protocol §1 says, though elsewhere (a write on a cancelled lesson) it is a 409.
  if (lesson.cancelledAt) throw new AppError('lesson_cancelled', { status: 422 })
  if (lesson.isGroup) throw new AppError('group_lesson')
  if (now < opensAt(lesson)) throw new AppError('join_window_not_open')
  if (now > closesAt(lesson)) throw new AppError('join_window_closed')
}

/** The room's parties: who is on the other side of `userId`. */
export const otherParty = (lesson: Pick<RoomLesson, 'teacherId' | 'studentId'>, userId: string) =>
  userId === lesson.teacherId ? lesson.studentId : lesson.teacherId
