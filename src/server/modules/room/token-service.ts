import type { RoomToken } from '../../../domain/api/room.ts'
import type { AppContext } from '../../context.ts'
import type { SignedIn } from '../../platform/sessions.ts'
import { viewerOf } from '../lessons/lists.ts'
import { iceServers } from './ice-servers.ts'
import { assertRoomOpen, closesAt, findPartyLesson } from './room-access.ts'
import type { RoomTokens } from './room-token.ts'

/** The socket's path (protocol §2), under the API's base. */
export const SIGNALLING_PATH = '/api/v1/lessons/room'

/** spec §7 POST lessons/generate_token (protocol §1): what the client needs to enter the room. */
export async function generateToken(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  tokens: RoomTokens,
  caller: SignedIn,
  lessonId: string,
): Promise<RoomToken> {
  const { user, sessionId } = caller
  const viewer = viewerOf(user)
  const lesson = await findPartyLesson(ctx.db, viewer, lessonId)
  assertRoomOpen(lesson, ctx.clock.now())
  const closes = closesAt(lesson)
  const claims = { lessonId: lesson.id, userId: user.id, role: viewer.role, sessionId, expiresAt: closes }
  return {
    token: tokens.sign(claims),
    provider: 'builtin',
    signalling_url: SIGNALLING_PATH,
    ice_servers: iceServers(ctx.config.ice, user.id, closes),
    ice_transport_policy: ctx.config.ice.transportPolicy,
    lesson_id: lesson.id,
    user_id: user.id,
    role: viewer.role,
    polite: viewer.role === 'student',
    starts_at: lesson.startsAt.toISOString(),
    ends_at: lesson.endsAt.toISOString(),
    closes_at: closes.toISOString(),
  }
}
