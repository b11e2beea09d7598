import { useMemo, useSyncExternalStore } from 'react'
import type { Role } from '../../../../domain/api/common.ts'
import type { Lesson } from '../../../../domain/api/my-lessons.ts'
import { reconnectDelay } from '../call/backoff.ts'
import { browserEnvironment } from '../call/call-provider.ts'
import type { CallContext } from '../call/call-session.ts'
import type { RoomDialogs } from '../call-room.tsx'
import type { RoomEvents } from '../room-events.ts'
import type { LessonChat } from '../use-lesson-chat.ts'
import { GroupCall } from './group-call.ts'
import type { GroupToken, MediaFactory } from './group-media.ts'
import { GroupRoomScreen } from './group-room-screen.tsx'
import { JanusMedia } from './janus-media.ts'
import { MeshMedia } from './mesh-media.ts'
import { VonageGroupMedia } from './vonage-group-media.ts'

// The group room's chunk: loaded only when a group meeting's room is entered (the one-to-one room
// and the rest of the app carry none of it). It makes the group call and draws its screen.

/** The group server's media, the meeting's Vonage session or the mesh, as the token says, on the browser's own constructors. */
const browserMedia: MediaFactory = (token, hooks) => {
  const env = browserEnvironment()
  if (token.provider === 'janus') {
    return new JanusMedia({
      access: token.janus,
      iceServers: token.ice_servers,
      display: token.user_id,
      createSocket: (url, protocol) => new WebSocket(url, protocol),
      createPeer: env.createPeer,
      createStream: (tracks) => env.createStream(tracks),
      wakeups: env.wakeups,
      askTicket: () => hooks.send({ type: 'janus-ticket' }),
      tracks: hooks.tracks,
      onChange: hooks.onChange,
    })
  }
  if (token.provider === 'vonage-group') {
    return new VonageGroupMedia({
      credentials: token.vonage,
      // Vonage's SDK is fetched only when such a meeting's room is entered.
      loadSdk: env.loadVonage,
      tracks: () => ({ audio: hooks.tracks().audio, video: hooks.tracks().video }),
      onChange: hooks.onChange,
      retryDelay: (attempt) => reconnectDelay(attempt, env.wakeups.visible()),
    })
  }
  return new MeshMedia({
    me: token.user_id,
    config: { iceServers: token.ice_servers, iceTransportPolicy: token.ice_transport_policy },
    createPeer: env.createPeer,
    createStream: env.createStream,
    placeholder: env.placeholder,
    send: (to, data) => hooks.send({ type: 'signal', to, data }),
    // The mesh sends the screen in the camera's place while it is shared.
    tracks: () => {
      const { audio, video, screen } = hooks.tracks()
      return { audio, video: screen ?? video }
    },
    onChange: hooks.onChange,
  })
}

/** The group call for a group meeting's first token; joined at once. */
export function startGroupCall(first: GroupToken, ctx: CallContext): GroupCall {
  const env = browserEnvironment()
  // The first token serves the first connection; every later one asks for a fresh token.
  let unused: GroupToken | null = first
  const fetchToken = (signal?: AbortSignal) => {
    const token = unused
    unused = null
    return token ? Promise.resolve(token) : ctx.fetchToken(signal)
  }
  const call = new GroupCall(first, { ...ctx, fetchToken }, env, browserMedia)
  call.join()
  return call
}

type Props = {
  call: GroupCall
  chat: LessonChat
  lesson: Lesson
  role: Role
  dialogs: RoomDialogs
  events: Pick<RoomEvents, 'subscribe'>
  onRejoin: () => void
}

export function GroupRoom({ call, chat, lesson, role, dialogs, events, onRejoin }: Props) {
  const view = useSyncExternalStore(call.subscribe, call.getSnapshot)
  const model = useMemo(() => ({ ...view, chat }), [view, chat])
  const canRejoin = model.ended?.reason === 'left'
  return (
    <GroupRoomScreen
      lesson={lesson}
      role={role}
      model={model}
      dialogs={dialogs}
      events={events}
      {...(canRejoin ? { onRejoin } : {})}
    />
  )
}
