import { and, asc, eq } from 'drizzle-orm'
import type { ChatMessage, ChatPost } from '../../../domain/api/room.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { lessonChatMessages } from '../../db/schema-room.ts'
import type { User } from '../../platform/sessions.ts'
import { viewerOf } from '../../platform/viewer.ts'
import { assertRoomOpen, findPartyLesson } from './room-access.ts'

// protocol §3: the chat is stored with the lesson, so it survives reloads and failed media and can
// be read before the other party arrives. Its order is the server's sequence (`id`); a retry with
// the same client_id stores nothing new and answers the message stored the first time.

type Row = typeof lessonChatMessages.$inferSelect

const toMessage = (row: Row): ChatMessage => ({
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
  const rows = await ctx.db
    .select()
    .from(lessonChatMessages)
    .where(eq(lessonChatMessages.lessonId, lessonId))
    .orderBy(asc(lessonChatMessages.id))
  return rows.map(toMessage)
}

async function findByClientId(db: Db, user: User, input: ChatPost): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(lessonChatMessages)
    .where(
      and(
        eq(lessonChatMessages.lessonId, input.lesson_id),
        eq(lessonChatMessages.authorId, user.id),
        eq(lessonChatMessages.clientId, input.client_id),
      ),
    )
  return row
}

/** Stores a party's message inside the join window; `created` is false for a retry. */
export async function postChat(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  user: User,
  input: ChatPost,
): Promise<{ message: ChatMessage; created: boolean }> {
  const viewer = viewerOf(user)
  const lesson = await findPartyLesson(ctx.db, viewer, input.lesson_id)
  const earlier = await findByClientId(ctx.db, user, input)
  if (earlier) return { message: toMessage(earlier), created: false }
  assertRoomOpen(lesson, ctx.clock.now())
  const [row] = await ctx.db
    .insert(lessonChatMessages)
    .values({
      lessonId: lesson.id,
      authorId: user.id,
      authorRole: viewer.role,
      clientId: input.client_id,
      body: input.body,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning()
  if (row) return { message: toMessage(row), created: true }
  // The same retry raced this one and won: its row is the message.
  const stored = await findByClientId(ctx.db, user, input)
  if (!stored) throw new Error('a chat message vanished after its conflict')
  return { message: toMessage(stored), created: false }
}
