import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { lessonInteractions, roomConnections, roomEvents } from '../../db/schema-room.ts'

// SQL of the room's presence and attendance (protocol §4): a row per socket, opened and closed by
// the server with its own clock, and a `joined`/`left` interaction of source `server` beside it.

export type Party = { lessonId: string; userId: string; role: 'student' | 'teacher' }

/** Processes alive on this PostgreSQL: every server's connections carry its origin as application_name. */
const ALIVE_ORIGINS = sql`(select application_name from pg_stat_activity where application_name <> '')`

export async function openConnection(db: Db, party: Party, origin: string, at: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roomConnections)
      .values({ ...party, origin, joinedAt: at, lastSeenAt: at })
      .returning({ id: roomConnections.id })
    if (!row) throw new Error('insert returned no row')
    await tx.insert(lessonInteractions).values({ ...party, kind: 'joined', source: 'server', createdAt: at })
    return row.id
  })
}

export async function closeConnection(db: Db, id: string, party: Party, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const closed = await tx
      .update(roomConnections)
      .set({ leftAt: at, lastSeenAt: at })
      .where(and(eq(roomConnections.id, id), isNull(roomConnections.leftAt)))
      .returning({ id: roomConnections.id })
    if (closed.length > 0) {
      await tx.insert(lessonInteractions).values({ ...party, kind: 'left', source: 'server', createdAt: at })
    }
  })
}

/** Whether `userId` has a socket in the lesson's room on a living process. */
export async function isPresent(db: Db, lessonId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roomConnections.id })
    .from(roomConnections)
    .where(
      and(
        eq(roomConnections.lessonId, lessonId),
        eq(roomConnections.userId, userId),
        isNull(roomConnections.leftAt),
        sql`${roomConnections.origin} in ${ALIVE_ORIGINS}`,
      ),
    )
    .limit(1)
  return row !== undefined
}

/**
 * This process's sockets are still there at `at` (re-opened should another process have taken
 * this one for dead); the open rows of processes that are gone are closed when last seen.
 */
export async function refreshConnections(db: Db, ids: string[], at: Date): Promise<void> {
  if (ids.length > 0) {
    await db
      .update(roomConnections)
      .set({ lastSeenAt: at, leftAt: null })
      .where(inArray(roomConnections.id, ids))
  }
  await db
    .update(roomConnections)
    .set({ leftAt: roomConnections.lastSeenAt })
    .where(and(isNull(roomConnections.leftAt), sql`${roomConnections.origin} not in ${ALIVE_ORIGINS}`))
  await db.delete(roomEvents).where(lt(roomEvents.createdAt, sql`now() - interval '1 minute'`))
}
