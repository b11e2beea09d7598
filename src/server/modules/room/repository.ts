import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { ROOM_CHANNEL } from '../../db/change-feed.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { lessonChatMessages, lessonInteractions, roomEvents } from '../../db/schema-room.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { ofViewer } from '../lessons/public.ts'
import type { RoomLesson } from './room-access.ts'

// The room's SQL (docs/decisions.md "All SQL in repositories"): its lesson, chat, the client's
// reports, the events crossing processes and the outside classrooms' marks. Presence is
// connections-repository.ts, the provider's sessions video-sessions-repository.ts.

/** The viewer's lesson with what the room needs of it; undefined when it is not theirs. */
export async function partyLesson(db: Db, viewer: Viewer, lessonId: string): Promise<RoomLesson | undefined> {
  const [row] = await db
    .select({
      id: lessons.id,
      teacherId: lessons.teacherId,
      studentId: lessons.studentId,
      startsAt: lessons.startsAt,
      endsAt: lessons.endsAt,
      cancelledAt: lessons.cancelledAt,
      isGroup: lessons.isGroup,
      isLearncube: lessons.isLearncube,
      roomToken: lessons.roomToken,
    })
    .from(lessons)
    .where(and(ofViewer(viewer), eq(lessons.id, lessonId)))
  return row
}

export type ChatRow = typeof lessonChatMessages.$inferSelect

/** The lesson's chat in the server's order (`id`). */
export async function chatMessages(db: Db, lessonId: string): Promise<ChatRow[]> {
  return db
    .select()
    .from(lessonChatMessages)
    .where(eq(lessonChatMessages.lessonId, lessonId))
    .orderBy(asc(lessonChatMessages.id))
}

/** The author's message of `clientId` in the lesson, if stored. */
export async function chatMessageByClientId(
  db: Db,
  authorId: string,
  input: { lesson_id: string; client_id: string },
): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(lessonChatMessages)
    .where(
      and(
        eq(lessonChatMessages.lessonId, input.lesson_id),
        eq(lessonChatMessages.authorId, authorId),
        eq(lessonChatMessages.clientId, input.client_id),
      ),
    )
  return row
}

/** Stores a message; undefined when the same client_id was stored meanwhile. */
export async function insertChatMessage(
  db: Db,
  values: typeof lessonChatMessages.$inferInsert,
): Promise<ChatRow | undefined> {
  const [row] = await db.insert(lessonChatMessages).values(values).onConflictDoNothing().returning()
  return row
}

/** Stores a party's report of the room. */
export async function insertInteraction(
  db: Db,
  values: typeof lessonInteractions.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await db.insert(lessonInteractions).values(values).returning({ id: lessonInteractions.id })
  if (!row) throw new Error('insert returned no row')
  return row
}

/** The video provider an operator chose for the teacher (null: the school's). */
export async function teacherVideoProvider(
  db: Db,
  teacherId: string,
): Promise<(typeof users.$inferSelect)['videoProvider'] | undefined> {
  const [teacher] = await db
    .select({ provider: users.videoProvider })
    .from(users)
    .where(eq(users.id, teacherId))
  return teacher?.provider
}

/** A room event too large for NOTIFY's payload, kept for the other processes to read; its id. */
export async function storeRoomEvent(db: Db, payload: string): Promise<number | undefined> {
  const [row] = await db.insert(roomEvents).values({ payload }).returning({ id: roomEvents.id })
  return row?.id
}

/** NOTIFY on the room's channel. */
export async function notifyRoom(db: Db, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${ROOM_CHANNEL}, ${payload})`)
}

/** The stored room event `id`, if it is still there. */
export async function roomEventPayload(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select().from(roomEvents).where(eq(roomEvents.id, id))
  return row?.payload
}

/**
 * A classroom's name at LearnCube (room_token, product-rules.md "Records and fields"): unguessable
 * (a random UUID's 122 bits), made once per lesson, in the same statement that marks it.
 */
const roomTokenOrNew = sql`coalesce(${lessons.roomToken}, 'lektorium-' || replace(gen_random_uuid()::text, '-', ''))`

/** What marking a lesson for LearnCube checks of it. */
export async function lessonForLearncube(db: Db, lessonId: string) {
  const [lesson] = await db
    .select({ isGroup: lessons.isGroup, cancelledAt: lessons.cancelledAt })
    .from(lessons)
    .where(eq(lessons.id, lessonId))
  return lesson
}

/** The teacher of `email` (lower-cased), if any. */
export async function teacherIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [teacher] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, 'teacher')))
  return teacher?.id
}

/**
 * Marks (or unmarks) one lesson, or the teacher's lessons not ended at `now`, neither cancelled
 * nor group lessons, as held in LearnCube; the ids it changed.
 */
export async function setLearncube(
  tx: Db,
  target: { lessonId: string } | { teacherId: string; now: Date },
  on: boolean,
): Promise<string[]> {
  const which =
    'lessonId' in target
      ? eq(lessons.id, target.lessonId)
      : and(
          eq(lessons.teacherId, target.teacherId),
          gt(lessons.endsAt, target.now),
          isNull(lessons.cancelledAt),
          eq(lessons.isGroup, false),
        )
  const changed = await tx
    .update(lessons)
    .set(on ? { isLearncube: true, roomToken: roomTokenOrNew } : { isLearncube: false })
    .where(which)
    .returning({ id: lessons.id })
  return changed.map((l) => l.id)
}

/** Locks the teacher of `email` (lower-cased): its id and video provider. */
export async function lockTeacherVideoProvider(tx: Db, email: string) {
  const teacher = and(eq(users.email, email), eq(users.role, 'teacher'))
  const [before] = await tx
    .select({ id: users.id, videoProvider: users.videoProvider })
    .from(users)
    .where(teacher)
    .for('update')
  return before
}

/** Sets the teacher's video provider. */
export async function saveVideoProvider(
  tx: Db,
  teacherId: string,
  provider: 'builtin' | 'vonage' | null,
): Promise<void> {
  await tx.update(users).set({ videoProvider: provider }).where(eq(users.id, teacherId))
}
