import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { groupVideoSessions, lessonVideoSessions } from '../../db/schema-room.ts'

// A lesson's session at an outside provider: created once, whoever asks first, on
// whichever process. The first asker holds the row's lock while it asks the provider (at most its
// request timeout); the others wait for it and take what it made. A failed request leaves nothing,
// and the next asker tries again.

export async function lessonSession(
  db: Db,
  lessonId: string,
  provider: 'vonage' | 'learncube',
  create: () => Promise<string>,
): Promise<string> {
  const key = and(eq(lessonVideoSessions.lessonId, lessonId), eq(lessonVideoSessions.provider, provider))
  const [known] = await db
    .select({ externalId: lessonVideoSessions.externalId })
    .from(lessonVideoSessions)
    .where(key)
  if (known?.externalId) return known.externalId
  await db.insert(lessonVideoSessions).values({ lessonId, provider }).onConflictDoNothing()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ externalId: lessonVideoSessions.externalId })
      .from(lessonVideoSessions)
      .where(key)
      .for('update')
    if (row?.externalId) return row.externalId
    const externalId = await create()
    await tx.update(lessonVideoSessions).set({ externalId }).where(key)
    return externalId
  })
}

/** The lesson's session at `provider`, if one was made. */
export async function knownLessonSession(
  db: Db,
  lessonId: string,
  provider: 'vonage' | 'learncube',
): Promise<string | null> {
  const [row] = await db
    .select({ externalId: lessonVideoSessions.externalId })
    .from(lessonVideoSessions)
    .where(and(eq(lessonVideoSessions.lessonId, lessonId), eq(lessonVideoSessions.provider, provider)))
  return row?.externalId ?? null
}

/**
 * A group meeting's one session at Vonage, keyed by the meeting (every place of it shares it):
 * created once across processes exactly as `lessonSession` does for a lesson.
 */
export async function meetingSession(
  db: Db,
  meetingId: string,
  create: () => Promise<string>,
): Promise<string> {
  const key = and(eq(groupVideoSessions.meetingId, meetingId), eq(groupVideoSessions.provider, 'vonage'))
  const [known] = await db
    .select({ externalId: groupVideoSessions.externalId })
    .from(groupVideoSessions)
    .where(key)
  if (known?.externalId) return known.externalId
  await db.insert(groupVideoSessions).values({ meetingId, provider: 'vonage' }).onConflictDoNothing()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ externalId: groupVideoSessions.externalId })
      .from(groupVideoSessions)
      .where(key)
      .for('update')
    if (row?.externalId) return row.externalId
    const externalId = await create()
    await tx.update(groupVideoSessions).set({ externalId }).where(key)
    return externalId
  })
}
