import type { FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { WebSocket } from 'ws'
import { GROUP_ROOM_CLOSE } from '../../../domain/api/group-room.ts'
import { ROOM_CLOSE } from '../../../domain/api/room.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { sessionAdmits } from '../../platform/sessions.ts'
import { hashToken } from '../../platform/tokens.ts'
import type { GroupHub } from './group-hub.ts'
import { findGroupPlace, isRemoved } from './group-repository.ts'
import { closesAt, findPartyLesson, otherParty } from './room-access.ts'
import type { RoomHub } from './room-hub.ts'
import { readMessage } from './room-messages.ts'
import type { RoomTokens } from './room-token.ts'

// protocol §2: who may open the signalling socket. The token (made by lessons/generate_token for
// one lesson, one user and one session, expiring at the end of the join window) is checked by the
// server's clock, the socket's first frame must prove that session, and the lesson is read again,
// so a lesson cancelled after the token was made is refused.

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

/** How long a socket may take to send its first frame, the session (protocol §2 "Entering"). */
const AUTH_WAIT_MS = 10_000

/** The session token of the socket's first frame, or null: another frame, none in time, closed. */
function firstFrameSession(socket: WebSocket): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (session: string | null) => {
      clearTimeout(timer)
      socket.off('message', onMessage)
      socket.off('close', onClose)
      resolve(session)
    }
    const onMessage = (data: unknown, isBinary: boolean) => {
      const message = readMessage(data, isBinary)
      done(message?.type === 'auth' ? message.session : null)
    }
    const onClose = () => done(null)
    const timer = setTimeout(() => done(null), AUTH_WAIT_MS)
    socket.on('message', onMessage)
    socket.on('close', onClose)
  })
}

export async function enterRoom(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  tokens: RoomTokens,
  hub: RoomHub,
  groupHub: GroupHub,
  socket: WebSocket,
  request: FastifyRequest,
): Promise<void> {
  const parsed = v.safeParse(query, request.query)
  const token = parsed.success ? parsed.output.token : undefined
  const claims = token ? tokens.verify(token, ctx.clock.now()) : null
  if (!claims) return socket.close(ROOM_CLOSE.unauthorized, 'unauthorized')
  // The token is not enough — this connection must also prove the very session
  // the token was made for (a WebSocket cannot send headers: its first frame carries it). A token
  // borrowed by someone else, or outliving its sign-out, is refused before anything is shared.
  const session = await firstFrameSession(socket)
  const admitted =
    session !== null &&
    (await sessionAdmits(
      ctx.db,
      { sessionId: claims.sessionId, userId: claims.userId, tokenHash: hashToken(session) },
      ctx.clock.now(),
    ))
  if (!admitted) return socket.close(ROOM_CLOSE.unauthorized, 'unauthorized')
  const viewer = { id: claims.userId, role: claims.role }
  const lesson = await findPartyLesson(ctx.db, viewer, claims.lessonId).catch((error: unknown) => {
    if (error instanceof AppError) return null
    throw error
  })
  if (!lesson || lesson.cancelledAt) return socket.close(ROOM_CLOSE.forbidden, 'forbidden')
  if (lesson.isGroup) {
    // A group place: its meeting's room, unless the place or meeting is gone or the teacher removed them.
    const place = await findGroupPlace(ctx.db, viewer, lesson.id)
    if (!place || place.cancelledAt) return socket.close(ROOM_CLOSE.forbidden, 'forbidden')
    if (viewer.role === 'student' && (await isRemoved(ctx.db, place.meetingId, viewer.id))) {
      return socket.close(GROUP_ROOM_CLOSE.removed, 'removed')
    }
    const { placeId, meetingId } = place
    const party = {
      lessonId: placeId,
      meetingId,
      userId: viewer.id,
      role: viewer.role,
      sessionId: claims.sessionId,
    }
    return groupHub.accept(socket, { ...party, closesAt: closesAt(place) })
  }
  await hub.accept(socket, {
    lessonId: lesson.id,
    userId: claims.userId,
    role: claims.role,
    sessionId: claims.sessionId,
    otherId: otherParty(lesson, claims.userId),
    closesAt: closesAt(lesson),
  })
}
