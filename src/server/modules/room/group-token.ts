import { MESH_MAX_STUDENTS } from '../../../domain/api/group-room.ts'
import type { JanusRoomToken, MeshRoomToken, VonageGroupRoomToken } from '../../../domain/api/room.ts'
import { AppError } from '../../platform/errors.ts'
import type { SignedIn } from '../../platform/sessions.ts'
import { viewerOf } from '../../platform/viewer.ts'
import { findGroupPlace, isRemoved, meetingRoster } from './group-repository.ts'
import { feedIdOf } from './group-server.ts'
import { iceServers } from './ice-servers.ts'
import { teacherVideoProvider } from './repository.ts'
import { closesAt, opensAt } from './room-access.ts'
import { SIGNALLING_PATH } from './room-token.ts'
import type { RoomSigners, TokenContext } from './token-service.ts'
import { meetingSession } from './video-sessions-repository.ts'

// lessons/generate_token for a group place (docs/lesson-room-protocol.md "The group room"): the
// meeting's teacher or a student with a live place, not removed by the teacher, inside the join
// window. Through the meeting's routed Vonage session when its teacher has Vonage (and Vonage is
// configured); else through the group server when one is configured; else a small class meets in the mesh,
// and a bigger one is told the school must configure the group server.

export async function generateGroupToken(
  ctx: TokenContext,
  signers: RoomSigners,
  caller: SignedIn,
  placeId: string,
): Promise<JanusRoomToken | MeshRoomToken | VonageGroupRoomToken> {
  const { user, sessionId } = caller
  const viewer = viewerOf(user)
  const place = await findGroupPlace(ctx.db, viewer, placeId)
  // An old group lesson outside any group class has no room.
  if (!place) throw new AppError('group_lesson')
  if (place.cancelledAt) throw new AppError('lesson_cancelled', { status: 422 })
  const now = ctx.clock.now()
  if (now < opensAt(place)) throw new AppError('join_window_not_open')
  if (now > closesAt(place)) throw new AppError('join_window_closed')
  if (viewer.role === 'student' && (await isRemoved(ctx.db, place.meetingId, user.id))) {
    throw new AppError('group_room_removed')
  }
  const closes = closesAt(place)
  const claims = { lessonId: place.placeId, userId: user.id, role: viewer.role, sessionId, expiresAt: closes }
  const common = {
    token: signers.tokens.sign(claims),
    signalling_url: SIGNALLING_PATH,
    lesson_id: place.placeId,
    user_id: user.id,
    role: viewer.role,
    starts_at: place.startsAt.toISOString(),
    ends_at: place.endsAt.toISOString(),
    closes_at: closes.toISOString(),
    group_meeting_id: place.meetingId,
  }
  const vonage = ctx.video.vonage
  const teacherProvider =
    vonage && ((await teacherVideoProvider(ctx.db, place.teacherId)) ?? ctx.config.video.defaultProvider)
  if (vonage && teacherProvider === 'vonage') {
    const sessionAtVonage = await meetingSession(ctx.db, place.meetingId, () => vonage.createSession()).catch(
      (err: unknown) => {
        ctx.log.error({ err, provider: 'vonage' }, 'the video provider did not answer')
        throw new AppError('video_provider_unavailable')
      },
    )
    return {
      provider: 'vonage-group',
      ...common,
      vonage: {
        application_id: ctx.config.video.vonage?.applicationId ?? '',
        session_id: sessionAtVonage,
        // Every participant publishes (a teacher's 'moderator' too); the data names the user.
        token: vonage.clientToken(sessionAtVonage, { role: viewer.role, userId: user.id, expiresAt: closes }),
      },
    }
  }
  const janus = ctx.video.janus
  if (janus) {
    const room = await janus.ensureRoom(ctx.db, place.meetingId, now).catch((err: unknown) => {
      ctx.log.error({ err, provider: 'janus' }, 'the group server did not answer')
      throw new AppError('video_provider_unavailable')
    })
    return {
      provider: 'janus',
      ...common,
      ice_servers: iceServers(ctx.config.ice, user.id, closes),
      janus: {
        url: janus.publicUrl(room),
        token: janus.coreToken(closes, now),
        room: room.room,
        feed_id: feedIdOf(place.meetingId, user.id),
      },
    }
  }
  const students = (await meetingRoster(ctx.db, place.meetingId)).filter((entry) => entry.role === 'student')
  if (students.length > MESH_MAX_STUDENTS) throw new AppError('group_server_missing')
  return {
    provider: 'mesh',
    ...common,
    ice_servers: iceServers(ctx.config.ice, user.id, closes),
    ice_transport_policy: ctx.config.ice.transportPolicy,
  }
}
