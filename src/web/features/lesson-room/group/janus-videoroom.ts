import * as v from 'valibot'

// The VideoRoom plugin's requests and events as the group room uses them: one publisher handle
// (join with the ticket, publish the camera and microphone, later the teacher's screen) and one
// multistream subscriber handle (join with the others' streams, `update` as they come and go,
// `configure` the simulcast layer per stream).

/** The description a published stream carries so the others know it is the shared screen. */
export const SCREEN_DESCRIPTION = 'screen'

/** The simulcast layers published (rid order high to low, Janus's default): small tiles get `l`. */
export const SIMULCAST_ENCODINGS: RTCRtpEncodingParameters[] = [
  { rid: 'h', active: true, maxBitrate: 600_000 },
  { rid: 'm', active: true, maxBitrate: 250_000, scaleResolutionDownBy: 2 },
  { rid: 'l', active: true, maxBitrate: 100_000, scaleResolutionDownBy: 4 },
]
/** Janus's substream numbers: 0 the lowest layer, 2 the highest. */
export const SUBSTREAM = { small: 0, large: 2 } as const

export type PublisherJoin = { room: number; feedId: number; display: string; ticket: string }

export const publisherJoin = (join: PublisherJoin) => ({
  request: 'join',
  ptype: 'publisher',
  room: join.room,
  id: join.feedId,
  display: join.display,
  token: join.ticket,
})

/** Publishes what the offer carries; `descriptions` marks the screen's stream among them. */
export const publish = (descriptions: { mid: string; description: string }[]) => ({
  request: 'publish',
  descriptions,
})

/** A renegotiation of what is already published (the screen added or taken away). */
export const republish = (descriptions: { mid: string; description: string }[]) => ({
  request: 'configure',
  descriptions,
})

export type StreamRef = { feed: number; mid: string }

export const subscriberJoin = (room: number, privateId: number, streams: StreamRef[]) => ({
  request: 'join',
  ptype: 'subscriber',
  room,
  private_id: privateId,
  streams,
})

export type StreamDrop = { feed: number; mid?: string }

export const subscriptionUpdate = (subscribe: StreamRef[], unsubscribe: StreamDrop[]) => ({
  request: 'update',
  ...(subscribe.length > 0 ? { subscribe } : {}),
  ...(unsubscribe.length > 0 ? { unsubscribe } : {}),
})

/** The subscriber's answer to Janus's offer (first or renegotiated). */
export const start = () => ({ request: 'start' })

export const chooseSubstream = (mid: string, substream: number) => ({ request: 'configure', mid, substream })

/** Asks Janus for a fresh offer with new ICE credentials for the subscription. */
export const restartSubscription = () => ({ request: 'configure', restart: true })

const publishedStreamSchema = v.looseObject({
  type: v.string(),
  mid: v.string(),
  disabled: v.optional(v.boolean()),
  description: v.optional(v.string()),
})
const publisherSchema = v.looseObject({
  id: v.number(),
  display: v.optional(v.string()),
  streams: v.optional(v.array(publishedStreamSchema)),
})
const subscribedStreamSchema = v.looseObject({
  mid: v.string(),
  type: v.string(),
  feed_id: v.optional(v.number()),
  feed_mid: v.optional(v.string()),
  active: v.optional(v.boolean()),
})
const eventSchema = v.looseObject({
  videoroom: v.string(),
  id: v.optional(v.union([v.number(), v.string()])),
  private_id: v.optional(v.number()),
  publishers: v.optional(v.array(publisherSchema)),
  streams: v.optional(v.array(subscribedStreamSchema)),
  unpublished: v.optional(v.union([v.number(), v.string()])),
  leaving: v.optional(v.union([v.number(), v.string()])),
  kicked: v.optional(v.number()),
  reason: v.optional(v.string()),
  error_code: v.optional(v.number()),
  error: v.optional(v.string()),
})

export type PublishedStream = { type: string; mid: string; screen: boolean }
export type Publisher = { id: number; streams: PublishedStream[] }
export type SubscribedStream = { mid: string; type: string; feedId: number; feedMid: string }

/** A VideoRoom event, read. */
export type VideoroomEvent =
  | { type: 'joined'; id: number; privateId: number; publishers: Publisher[] }
  /** New or changed publishers (their streams as they are now). */
  | { type: 'publishers'; publishers: Publisher[] }
  /** A publisher is gone (unpublished, left, kicked). */
  | { type: 'gone'; id: number }
  /** This handle's own participant was kicked or the room destroyed: nothing more comes. */
  | { type: 'ended'; reason: 'kicked' | 'destroyed' }
  | { type: 'talking'; id: number; talking: boolean }
  /** A subscription's layout (first, or after an update). */
  | { type: 'subscription'; streams: SubscribedStream[] | null }
  | { type: 'error'; code: number; error: string }
  | { type: 'other' }

const publishers = (list: v.InferOutput<typeof publisherSchema>[]): Publisher[] =>
  list.map((publisher) => ({
    id: publisher.id,
    streams: (publisher.streams ?? [])
      .filter((stream) => !stream.disabled && (stream.type === 'audio' || stream.type === 'video'))
      .map((stream) => ({
        type: stream.type,
        mid: stream.mid,
        screen: stream.description === SCREEN_DESCRIPTION,
      })),
  }))

export function readVideoroomEvent(data: unknown): VideoroomEvent {
  const parsed = v.safeParse(eventSchema, data)
  if (!parsed.success) return { type: 'other' }
  const event = parsed.output
  if (event.error_code !== undefined) {
    return { type: 'error', code: event.error_code, error: event.error ?? '' }
  }
  switch (event.videoroom) {
    case 'joined':
      return {
        type: 'joined',
        id: typeof event.id === 'number' ? event.id : 0,
        privateId: event.private_id ?? 0,
        publishers: publishers(event.publishers ?? []),
      }
    case 'talking':
    case 'stopped-talking':
      return typeof event.id === 'number'
        ? { type: 'talking', id: event.id, talking: event.videoroom === 'talking' }
        : { type: 'other' }
    case 'attached':
    case 'updated':
      return {
        type: 'subscription',
        streams: event.streams
          ? event.streams.flatMap((stream) =>
              stream.feed_id !== undefined && stream.active !== false
                ? [
                    {
                      mid: stream.mid,
                      type: stream.type,
                      feedId: stream.feed_id,
                      feedMid: stream.feed_mid ?? '',
                    },
                  ]
                : [],
            )
          : null,
      }
    case 'destroyed':
      return { type: 'ended', reason: 'destroyed' }
    case 'event':
      return otherEvent(event)
    default:
      return { type: 'other' }
  }
}

function otherEvent(event: v.InferOutput<typeof eventSchema>): VideoroomEvent {
  if (event.publishers) return { type: 'publishers', publishers: publishers(event.publishers) }
  if (event.reason === 'kicked' && event.leaving === 'ok') return { type: 'ended', reason: 'kicked' }
  if (event.kicked !== undefined) return { type: 'gone', id: event.kicked }
  for (const id of [event.unpublished, event.leaving]) {
    if (typeof id === 'number') return { type: 'gone', id }
  }
  return { type: 'other' }
}
