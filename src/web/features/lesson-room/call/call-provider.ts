import type { RoomToken } from '../../../../domain/api/room.ts'
import { BuiltinCall, type BuiltinEnvironment } from './builtin-call.ts'
import type { CallContext, CallSession } from './call-session.ts'

// The provider is the token answer's choice (protocol §1). Only `builtin` exists; issue #14 adds
// `vonage` (its SDK a lazy chunk) and `learncube` here, behind the same CallSession.

export class UnsupportedProvider extends Error {
  readonly provider: string
  constructor(provider: string) {
    super(`The ${provider} video provider is not available in this version`)
    this.provider = provider
  }
}

export const browserEnvironment = (): BuiltinEnvironment => ({
  createPeer: (config) => new RTCPeerConnection(config),
  createSocket: (url) => new WebSocket(url),
  createStream: (tracks) => new MediaStream(tracks ?? []),
  origin: location.origin,
})

/**
 * The call for a lesson whose first token is `first`: that token serves the first connection,
 * every later one asks for a fresh token.
 */
export function createCall(first: RoomToken, ctx: CallContext, env = browserEnvironment()): CallSession {
  let unused: RoomToken | null = first
  const fetchToken = () => {
    const token = unused
    unused = null
    return token ? Promise.resolve(token) : ctx.fetchToken()
  }
  switch (first.provider) {
    case 'builtin':
      return new BuiltinCall({ ...ctx, fetchToken }, env)
    default:
      throw new UnsupportedProvider(first.provider)
  }
}
