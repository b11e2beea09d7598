import type { LessonInteractionInput } from '../../../domain/api/room.ts'
import type { AppContext } from '../../context.ts'
import type { User } from '../../platform/sessions.ts'
import { viewerOf } from '../../platform/viewer.ts'
import { insertInteraction } from './repository.ts'
import { assertRoomOpen, findPartyLesson } from './room-access.ts'

// protocol §4: what the client reports of the room (source `client`), beside what the server
// records of the sockets itself (source `server`, connections-repository.ts).

/** POST lesson_interactions/create: a party's report, inside the join window. */
export async function createInteraction(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  user: User,
  input: LessonInteractionInput,
): Promise<{ id: string }> {
  const viewer = viewerOf(user)
  const lesson = await findPartyLesson(ctx.db, viewer, input.lesson_id)
  const now = ctx.clock.now()
  assertRoomOpen(lesson, now)
  return insertInteraction(ctx.db, {
    lessonId: lesson.id,
    userId: user.id,
    role: viewer.role,
    kind: input.kind,
    source: 'client',
    createdAt: now,
  })
}
