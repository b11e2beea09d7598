import type { FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { WebSocket } from 'ws'
import { ROOM_CLOSE } from '../../../domain/api/room.ts'
import type { AppContext } from '../../context.ts'
import { closesAt, findPartyLesson, otherParty } from './room-access.ts'
import type { RoomHub } from './room-hub.ts'
import type { RoomTokens } from './room-token.ts'

// protocol §2: who may open the signalling socket. The token (made by lessons/generate_token for
// one lesson and one user, expiring at the end of the join window) is checked by the server's
// clock; the lesson is read again, so a lesson cancelled after the token was made is refused.

const query = v.object({ token: v.optional(v.string()) })

/**
 * The page's Origin must be the server's public origin, or the very host the request was sent to
 * (127.0.0.1 for localhost, the dev server's proxy): either way a page of this site.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin
  if (!origin) return false
  if (origin === new URL(publicUrl).origin) return true
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}

export async function enterRoom(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  tokens: RoomTokens,
  hub: RoomHub,
  socket: WebSocket,
  request: FastifyRequest,
): Promise<void> {
  const parsed = v.safeParse(query, request.query)
  const token = parsed.success ? parsed.output.token : undefined
  const claims = token ? tokens.verify(token, ctx.clock.now()) : null
  if (!claims) return socket.close(ROOM_CLOSE.unauthorized, 'unauthorized')
  const viewer = { id: claims.userId, role: claims.role }
  const lesson = await findPartyLesson(ctx.db, viewer, claims.lessonId).catch(() => null)
  if (!lesson || lesson.cancelledAt || lesson.isGroup) return socket.close(ROOM_CLOSE.forbidden, 'forbidden')
  await hub.accept(socket, {
    lessonId: lesson.id,
    userId: claims.userId,
    role: claims.role,
    otherId: otherParty(lesson, claims.userId),
    closesAt: closesAt(lesson),
  })
}
