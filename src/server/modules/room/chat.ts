import type { ChatMessage, ChatPost } from '../../../domain/api/room.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { viewerOf } from '../../platform/viewer.ts'
import { findGroupPlace, isRemoved, meetingChat } from './group-repository.ts'
import { type ChatRow, chatMessageByClientId, chatMessages, insertChatMessage } from './repository.ts'
import { assertRoomOpen, closesAt, findPartyLesson, opensAt } from './room-access.ts'

// protocol §3: the chat is stored with the lesson, so it survives reloads and failed media and can
// be read before the other party arrives. Its order is the server's sequence (`id`); a retry with
// the same client_id stores nothing new and answers the message stored the first time. A group
// meeting has one chat (docs/lesson-room-protocol.md "The group room"): each message is stored on
// its author's place and marked with the meeting; every party reads it under their own place's id.

const toMessage = (row: ChatRow): ChatMessage => ({
  id: row.id,
  client_id: row.clientId,
  lesson_id: row.lessonId,
  author_id: row.authorId,
  author_role: row.authorRole,
  body: row.body,
  created_at: row.createdAt.toISOString(),
})

/** The lesson's chat, for its parties, at any time. */
export async function listChat(
  ctx: Pick<AppContext, 'db'>,
  user: User,
  lessonId: string,
): Promise<ChatMessage[]> {
  const viewer = viewerOf(user)
  const lesson = await findPartyLesson(ctx.db, viewer, lessonId)
  if (lesson.isGroup) {
    const place = await groupPlaceOf(ctx, viewer, lessonId)
    const rows = await meetingChat(ctx.db, place.meetingId)
    return rows.map((row) => ({ ...toMessage(row), lesson_id: lessonId }))
  }
  const rows = await chatMessages(ctx.db, lessonId)
  return rows.map(toMessage)
}

/** The viewer's place in a meeting of a group class, which a removed student no longer has. */
async function groupPlaceOf(ctx: Pick<AppContext, 'db'>, viewer: Viewer, placeId: string) {
  const place = await findGroupPlace(ctx.db, viewer, placeId)
  if (!place) throw new AppError('group_lesson')
  if (viewer.role === 'student' && (await isRemoved(ctx.db, place.meetingId, viewer.id))) {
    throw new AppError('group_room_removed')
  }
  return place
}

/** Stores a party's message inside the join window; `created` is false for a retry. */
export async function postChat(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  user: User,
  input: ChatPost,
): Promise<{ message: ChatMessage; created: boolean; meetingId: string | null }> {
  const viewer = viewerOf(user)
  const lesson = await findPartyLesson(ctx.db, viewer, input.lesson_id)
  const place = lesson.isGroup ? await groupPlaceOf(ctx, viewer, lesson.id) : null
  const meetingId = place?.meetingId ?? null
  const earlier = await chatMessageByClientId(ctx.db, user.id, input)
  if (earlier) return { message: toMessage(earlier), created: false, meetingId }
  const now = ctx.clock.now()
  if (!place) assertRoomOpen(lesson, now)
  else if (place.cancelledAt) throw new AppError('lesson_cancelled', { status: 422 })
  else if (now < opensAt(place)) throw new AppError('join_window_not_open')
  else if (now > closesAt(place)) throw new AppError('join_window_closed')
  const row = await insertChatMessage(ctx.db, {
    lessonId: lesson.id,
    groupMeetingId: meetingId,
    authorId: user.id,
    authorRole: viewer.role,
    clientId: input.client_id,
    body: input.body,
    createdAt: ctx.clock.now(),
  })
  if (row) return { message: toMessage(row), created: true, meetingId }
  // The same retry raced this one and won: its row is the message.
  const stored = await chatMessageByClientId(ctx.db, user.id, input)
  if (!stored) throw new Error('a chat message vanished after its conflict')
  return { message: toMessage(stored), created: false, meetingId }
}
