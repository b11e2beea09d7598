import type { RoomToken } from '../../../../domain/api/room.ts'
import { BuiltinCall, type BuiltinEnvironment } from './builtin-call.ts'
import type { CallContext, CallSession } from './call-session.ts'
import type { MediaKind } from './peer-link.ts'
import type { Wakeups } from './signalling-socket.ts'
import { VonageCall, type VonageEnvironment } from './vonage-call.ts'

// The provider is the token answer's choice (protocol §1): `builtin`, or `vonage` (its SDK a lazy
// chunk), behind the same CallSession.

export class UnsupportedProvider extends Error {
  readonly provider: string
  constructor(provider: string) {
    super(`The ${provider} video provider is not available in this version`)
    this.provider = provider
  }
}

/** A blank video track (a canvas) or a silent audio track (an audio graph) for an absent device. */
function placeholder(kind: MediaKind): MediaStreamTrack {
  const track =
    kind === 'video'
      ? document.createElement('canvas').captureStream(1).getVideoTracks()[0]
      : new AudioContext().createMediaStreamDestination().stream.getAudioTracks()[0]
  if (!track) throw new Error(`No placeholder ${kind} track`)
  return track
}

/** The page's visibility and its `online`/`visibilitychange` events. */
const browserWakeups: Wakeups = {
  visible: () => document.visibilityState !== 'hidden',
  watch(wake) {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') wake()
    }
    window.addEventListener('online', wake)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('online', wake)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  },
}

export const browserEnvironment = (): BuiltinEnvironment & VonageEnvironment => ({
  wakeups: browserWakeups,
  createPeer: (config) => new RTCPeerConnection(config),
  createSocket: (url) => new WebSocket(url),
  createStream: (tracks) => new MediaStream(tracks ?? []),
  placeholder,
  origin: location.origin,
  // Vonage's SDK is fetched only when a Vonage lesson's room is entered.
  loadVonage: () => import('./vonage-sdk.ts').then((module) => module.vonageSdk),
})

/**
 * The call for a lesson whose first token is `first`: that token serves the first connection,
 * every later one asks for a fresh token.
 */
export function createCall(first: RoomToken, ctx: CallContext, env = browserEnvironment()): CallSession {
  let unused: RoomToken | null = first
  const fetchToken = (signal?: AbortSignal) => {
    const token = unused
    unused = null
    return token ? Promise.resolve(token) : ctx.fetchToken(signal)
  }
  switch (first.provider) {
    case 'builtin':
      return new BuiltinCall({ ...ctx, fetchToken }, env)
    case 'vonage':
      return new VonageCall({ ...ctx, fetchToken }, env)
    default:
      throw new UnsupportedProvider(first.provider)
  }
}
