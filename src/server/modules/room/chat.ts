import type { ChatMessage, ChatPost } from '../../../domain/api/room.ts'
import type { AppContext } from '../../context.ts'
import type { User } from '../../platform/sessions.ts'
import { viewerOf } from '../../platform/viewer.ts'
import { type ChatRow, chatMessageByClientId, chatMessages, insertChatMessage } from './repository.ts'
import { assertRoomOpen, findPartyLesson } from './room-access.ts'

// protocol §3: the chat is stored with the lesson, so it survives reloads and failed media and can
// be read before the other party arrives. Its order is the server's sequence (`id`); a retry with
// the same client_id stores nothing new and answers the message stored the first time.

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
  await findPartyLesson(ctx.db, viewerOf(user), lessonId)
  const rows = await chatMessages(ctx.db, lessonId)
  return rows.map(toMessage)
}

/** Stores a party's message inside the join window; `created` is false for a retry. */
export async function postChat(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  user: User,
  input: ChatPost,
): Promise<{ message: ChatMessage; created: boolean }> {
  const viewer = viewerOf(user)
  const lesson = await findPartyLesson(ctx.db, viewer, input.lesson_id)
  const earlier = await chatMessageByClientId(ctx.db, user.id, input)
  if (earlier) return { message: toMessage(earlier), created: false }
  assertRoomOpen(lesson, ctx.clock.now())
  const row = await insertChatMessage(ctx.db, {
    lessonId: lesson.id,
    authorId: user.id,
    authorRole: viewer.role,
    clientId: input.client_id,
    body: input.body,
    createdAt: ctx.clock.now(),
  })
  if (row) return { message: toMessage(row), created: true }
  // The same retry raced this one and won: its row is the message.
  const stored = await chatMessageByClientId(ctx.db, user.id, input)
  if (!stored) throw new Error('a chat message vanished after its conflict')
  return { message: toMessage(stored), created: false }
}
