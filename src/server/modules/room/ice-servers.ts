import { createHmac } from 'node:crypto'
import type { IceServer } from '../../../domain/api/room.ts'
import type { Config } from '../../config.ts'

// protocol §1: STUN from STUN_URLS; TURN from TURN_URLS with coturn's TURN REST credentials
// (`use-auth-secret`): username `<expiry unix seconds>:<userId>`, credential
// base64(HMAC-SHA1(TURN_SECRET, username)). coturn checks both and refuses them after the expiry.
// None configured: no ICE server, host candidates only (README "Lesson room").

/** The credentials outlive the room by an hour, so a call running late is not cut off. */
export const TURN_MARGIN_MS = 60 * 60_000

export function turnCredential(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64')
}

export function iceServers(ice: Config['ice'], userId: string, closesAt: Date): IceServer[] {
  const servers: IceServer[] = []
  if (ice.stunUrls.length > 0) servers.push({ urls: ice.stunUrls })
  if (ice.turnUrls.length > 0 && ice.turnSecret) {
    const expiry = Math.floor((closesAt.getTime() + TURN_MARGIN_MS) / 1000)
    const username = `${expiry}:${userId}`
    servers.push({ urls: ice.turnUrls, username, credential: turnCredential(ice.turnSecret, username) })
  }
  return servers
}
