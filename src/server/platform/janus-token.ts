import { createHmac } from 'node:crypto'

// Janus's core tokens (token_auth with token_auth_secret): `<expiry>,janus,<plugin>:<signature>`,
// the expiry in Unix seconds and the signature base64(HMAC-SHA1(secret, the part before `:`)).
// Janus refuses every request, the browser's and this server's, without a valid one.

export const VIDEOROOM_PLUGIN = 'janus.plugin.videoroom'

/** A core token for the VideoRoom plugin, valid until `expiresAt` by Janus's own clock. */
export function janusCoreToken(secret: string, expiresAt: Date): string {
  const data = [String(Math.floor(expiresAt.getTime() / 1000)), 'janus', VIDEOROOM_PLUGIN].join(',')
  return `${data}:${createHmac('sha1', secret).update(data).digest('base64')}`
}
