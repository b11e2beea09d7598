import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { envelope } from './common.ts'

// Web push for the installed app: the server's public VAPID key, a device's subscription as the
// browser's PushSubscription.toJSON() gives it, and what a push carries to the service worker.

/** Push services' endpoints are https URLs; http only where the server allows it (a stand-in). */
export const PUSH_ENDPOINT_MAX = 2048

const endpointSchema = v.pipe(
  v.string(issue('required')),
  v.nonEmpty(issue('required')),
  v.maxLength(PUSH_ENDPOINT_MAX, issue('too_long', PUSH_ENDPOINT_MAX)),
  // Printable ASCII only (a URL as a browser serialises it; no NUL or spaces reach the database).
  v.regex(/^[!-~]+$/, issue('url_format')),
  v.url(issue('url_format')),
  v.check((value) => /^https?:\/\//.test(value), issue('url_format')),
)

// RFC 8291: the device's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret,
// base64url as browsers give them (padding and plain base64 accepted).
const p256dhSchema = v.pipe(
  v.string(issue('required')),
  v.regex(/^B[A-Za-z0-9_+/-]{86}=?$/, issue('invalid')),
)
const authSchema = v.pipe(
  v.string(issue('required')),
  v.regex(/^[A-Za-z0-9_+/-]{22}(?:==)?$/, issue('invalid')),
)

export const pushSubscribeSchema = v.object({
  endpoint: endpointSchema,
  keys: v.object({ p256dh: p256dhSchema, auth: authSchema }, issue('required')),
})
export type PushSubscribeInput = v.InferOutput<typeof pushSubscribeSchema>

export const pushUnsubscribeSchema = v.object({ endpoint: endpointSchema })

/** GET /push/key: the application server key a browser subscribes with. */
export const pushKeyResponse = envelope(v.object({ public_key: v.string() }))

/** POST /push/subscriptions/create and /delete: whether this device is now subscribed. */
export const pushSubscriptionResponse = envelope(v.object({ subscribed: v.boolean() }))

/**
 * What a push carries (JSON, encrypted for the device). `lesson_id` with `starts_at` and `ends_at`
 * lets the service worker open the room within the join window (product-rules.md "Join window") and
 * `url` otherwise.
 */
export type PushPayload = {
  title: string
  body: string
  /** A path of the app (or an address on its origin) to open on a click. */
  url: string
  tag?: string
  lesson_id?: string
  starts_at?: string
  ends_at?: string
}
