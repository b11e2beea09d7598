import * as v from 'valibot'
import {
  chatMessageSchema,
  mediaStateSchema,
  recordingNoticeSchema,
  signalDataSchema,
  voiceClipNoticeSchema,
} from '../../../domain/api/room.ts'
import type { Database } from '../../db/client.ts'
import type { Log } from '../../platform/logger.ts'
import { notifyRoom, roomEventPayload, storeRoomEvent } from './repository.ts'

// The room's events cross server processes through PostgreSQL (protocol §2 "Across processes"):
// NOTIFY on ROOM_CHANNEL with `{o: origin, e: event}`, or, for an event over the payload limit
// (8000 bytes; an SDP often is), `{o, r: id}` naming a room_events row. Published one after the
// other from this process, so they commit — and PostgreSQL delivers them — in the order sent;
// received one after the other too, so a large offer read from its row still comes before the
// candidates that follow it. Each process hands its own events to its sockets directly.

const uuid = v.pipe(v.string(), v.uuid())
const eventSchema = v.variant('k', [
  // `t`: when that connection opened (ms); absent from a process of an earlier version.
  v.object({ k: v.literal('joined'), l: uuid, u: uuid, c: uuid, t: v.optional(v.number()) }),
  // `w`: why — said goodbye, or the connection was lost.
  v.object({ k: v.literal('left'), l: uuid, u: uuid, c: uuid, w: v.picklist(['left', 'lost']) }),
  v.object({ k: v.literal('signal'), l: uuid, u: uuid, d: signalDataSchema }),
  v.object({ k: v.literal('state'), l: uuid, u: uuid, s: mediaStateSchema }),
  v.object({ k: v.literal('chat'), l: uuid, m: chatMessageSchema }),
  v.object({ k: v.literal('recording'), l: uuid, n: recordingNoticeSchema }),
  v.object({ k: v.literal('voice-clip'), l: uuid, n: voiceClipNoticeSchema }),
  // From the database's triggers (migration 0009), origin "db": a session ended or an account
  // changed, so the user's sockets are checked again; a lesson was cancelled, by `b`, because `r`.
  v.object({ k: v.literal('access'), u: uuid }),
  v.object({ k: v.literal('cancelled'), l: uuid, b: v.nullable(uuid), r: v.nullable(v.string()) }),
])
/** `l` the lesson, `u` the user it comes from or is about, `c` that user's connection. */
export type RoomEvent = v.InferOutput<typeof eventSchema>

const envelopeSchema = v.object({
  o: v.string(),
  e: v.optional(v.unknown()),
  r: v.optional(v.number()),
})

/** Bytes a NOTIFY payload may hold here; PostgreSQL refuses 8000 and more. */
export const NOTIFY_MAX_BYTES = 7900

export type RoomBus = {
  /** Delivered to this process's sockets at once, and to every other process's through PostgreSQL. */
  publish(event: RoomEvent): void
  /** Resolves once everything published so far has been sent. */
  flush(): Promise<void>
  close(): Promise<void>
}

export function createRoomBus(
  database: Pick<Database, 'db' | 'origin' | 'changes'>,
  log: Log,
  deliver: (event: RoomEvent) => void,
): RoomBus {
  return createBus(database, log, eventSchema, deliver)
}

/** A bus of events of `schema` on the room's channel; events of other shapes are not delivered. */
export type Bus<E> = {
  publish(event: E): void
  flush(): Promise<void>
  close(): Promise<void>
}

export function createBus<E>(
  database: Pick<Database, 'db' | 'origin' | 'changes'>,
  log: Log,
  schema: v.GenericSchema<unknown, E>,
  deliver: (event: E) => void,
): Bus<E> {
  const { db, origin } = database
  let sending: Promise<void> = Promise.resolve()
  let receiving: Promise<void> = Promise.resolve()

  const notify = async (event: E) => {
    let payload = JSON.stringify({ o: origin, e: event })
    if (Buffer.byteLength(payload) > NOTIFY_MAX_BYTES) {
      const id = await storeRoomEvent(db, JSON.stringify(event))
      payload = JSON.stringify({ o: origin, r: id })
    }
    await notifyRoom(db, payload)
  }

  const receive = async (payload: string) => {
    const parsed = v.safeParse(envelopeSchema, JSON.parse(payload))
    if (!parsed.success || parsed.output.o === origin) return
    let event = parsed.output.e
    const ref = parsed.output.r
    if (ref !== undefined) {
      const stored = await roomEventPayload(db, ref)
      if (stored === undefined) return log.error({ ref }, 'a room event was gone before it was read')
      event = JSON.parse(stored)
    }
    const checked = v.safeParse(schema, event)
    if (checked.success) deliver(checked.output)
  }

  const unsubscribe = database.changes.subscribeRoom((payload) => {
    // null: the listening connection was re-made; clients re-negotiate after their own reconnect.
    if (payload === null) return
    receiving = receiving
      .then(() => receive(payload))
      .catch((err: unknown) => log.error({ err }, 'a room event could not be received'))
  })

  return {
    publish(event) {
      deliver(event)
      sending = sending
        .then(() => notify(event))
        .catch((err: unknown) => log.error({ err }, 'a room event could not be published'))
    },
    flush: () => sending,
    async close() {
      unsubscribe()
      await sending
      await receiving
    },
  }
}
