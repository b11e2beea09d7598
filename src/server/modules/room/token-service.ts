import type { RoomToken } from '../../../domain/api/room.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { SignedIn } from '../../platform/sessions.ts'
import { viewerOf } from '../../platform/viewer.ts'
import { generateGroupToken } from './group-token.ts'
import { iceServers } from './ice-servers.ts'
import { teacherVideoProvider } from './repository.ts'
import { assertRoomOpen, closesAt, findPartyLesson, type RoomLesson } from './room-access.ts'
import { type RoomTokens, SIGNALLING_PATH } from './room-token.ts'
import { lessonSession } from './video-sessions-repository.ts'

/** What LearnCube's classroom script asks for its token, under the API's base. */
export const LEARNCUBE_VALIDATE_PATH = '/api/v1/learncube/validate'

export type TokenContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'video' | 'log'>

/** The two signers of the room: the socket's tokens and LearnCube's validation grants. */
export type RoomSigners = { tokens: RoomTokens; learncubeGrants: RoomTokens }

/**
 * Which classroom holds the lesson. A lesson marked LearnCube goes there while LearnCube
 * is configured; otherwise the teacher's provider (an operator's choice), else the school's
 * (VIDEO_PROVIDER); Vonage only while it is configured. Both parties get the same answer.
 */
export async function lessonProvider(
  ctx: TokenContext,
  lesson: RoomLesson,
): Promise<'builtin' | 'vonage' | 'learncube'> {
  if (lesson.isLearncube && lesson.roomToken && ctx.video.learncube) return 'learncube'
  if (!ctx.video.vonage) return 'builtin'
  return (await teacherVideoProvider(ctx.db, lesson.teacherId)) ?? ctx.config.video.defaultProvider
}

/** An outside provider did not answer: the room cannot be entered now (a retry may work). */
const providerDown = (ctx: TokenContext, provider: string, err: unknown) => {
  ctx.log.error({ err, provider }, 'the video provider did not answer')
  return new AppError('video_provider_unavailable')
}

/** POST lessons/generate_token (protocol §1): what the client needs to enter the room. */
export async function generateToken(
  ctx: TokenContext,
  signers: RoomSigners,
  caller: SignedIn,
  lessonId: string,
): Promise<RoomToken> {
  const { user, sessionId } = caller
  const viewer = viewerOf(user)
  const lesson = await findPartyLesson(ctx.db, viewer, lessonId)
  // A group meeting's place: the group room (group-token.ts).
  if (lesson.isGroup && !lesson.cancelledAt) return generateGroupToken(ctx, signers, caller, lesson.id)
  assertRoomOpen(lesson, ctx.clock.now())
  const closes = closesAt(lesson)
  const claims = { lessonId: lesson.id, userId: user.id, role: viewer.role, sessionId, expiresAt: closes }
  const base = {
    lesson_id: lesson.id,
    user_id: user.id,
    role: viewer.role,
    starts_at: lesson.startsAt.toISOString(),
    ends_at: lesson.endsAt.toISOString(),
    closes_at: closes.toISOString(),
  }
  const socket = { token: signers.tokens.sign(claims), signalling_url: SIGNALLING_PATH }
  const provider = await lessonProvider(ctx, lesson)
  const { vonage, learncube } = ctx.video
  if (provider === 'vonage' && vonage) {
    const sessionIdAtVonage = await lessonSession(ctx.db, lesson.id, 'vonage', () =>
      vonage.createSession(),
    ).catch((error: unknown) => {
      throw providerDown(ctx, 'vonage', error)
    })
    return {
      provider: 'vonage',
      ...socket,
      ...base,
      vonage: {
        application_id: ctx.config.video.vonage?.applicationId ?? '',
        session_id: sessionIdAtVonage,
        token: vonage.clientToken(sessionIdAtVonage, {
          role: viewer.role,
          userId: user.id,
          expiresAt: closes,
        }),
      },
    }
  }
  const learncubeConfig = ctx.config.video.learncube
  if (provider === 'learncube' && learncube && learncubeConfig && lesson.roomToken) {
    const roomToken = lesson.roomToken
    await lessonSession(ctx.db, lesson.id, 'learncube', () =>
      learncube.createClassroom(roomToken, {
        start: lesson.startsAt,
        end: lesson.endsAt,
        description: `Lektorium ${lesson.id}`,
      }),
    ).catch((error: unknown) => {
      throw providerDown(ctx, 'learncube', error)
    })
    const grant = signers.learncubeGrants.sign(claims)
    return {
      provider: 'learncube',
      ...base,
      learncube: {
        client_url: learncubeConfig.clientUrl,
        style_url: learncubeConfig.styleUrl,
        public_key: learncubeConfig.publicKey,
        room_token: roomToken,
        validate_url: `${LEARNCUBE_VALIDATE_PATH}?${new URLSearchParams({ grant })}`,
        user_id: user.id,
        username: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
        user_type: viewer.role,
      },
    }
  }
  return {
    provider: 'builtin',
    ...socket,
    ...base,
    ice_servers: iceServers(ctx.config.ice, user.id, closes),
    ice_transport_policy: ctx.config.ice.transportPolicy,
    polite: viewer.role === 'student',
  }
}
