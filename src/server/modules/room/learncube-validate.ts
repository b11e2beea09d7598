import { AppError } from '../../platform/errors.ts'
import { sessionAdmits } from '../../platform/sessions.ts'
import { assertRoomOpen, findPartyLesson } from './room-access.ts'
import type { RoomTokens } from './room-token.ts'
import type { TokenContext } from './token-service.ts'

// LearnCube's validation flow. The classroom script of one party calls the validation
// URL its token answer named; the grant in it says who and which lesson, until the join window
// closes. What the grant promised is checked again now — the session still signed in, the lesson
// still that party's, open and held in LearnCube — and only then is LearnCube's token handed over.

export async function learncubeToken(ctx: TokenContext, grants: RoomTokens, grant: string): Promise<string> {
  const now = ctx.clock.now()
  const claims = grants.verify(grant, now)
  if (!claims) throw new AppError('unauthenticated')
  const signedIn = await sessionAdmits(ctx.db, { sessionId: claims.sessionId, userId: claims.userId }, now)
  if (!signedIn) throw new AppError('unauthenticated')
  const lesson = await findPartyLesson(ctx.db, { id: claims.userId, role: claims.role }, claims.lessonId)
  assertRoomOpen(lesson, now)
  const learncube = ctx.video.learncube
  if (!learncube || !lesson.isLearncube) throw new AppError('forbidden')
  try {
    return await learncube.apiToken()
  } catch (error) {
    ctx.log.error({ err: error, provider: 'learncube' }, 'the video provider did not answer')
    throw new AppError('video_provider_unavailable')
  }
}
