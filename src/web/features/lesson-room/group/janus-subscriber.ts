import type { TileSize } from './group-room-model.ts'
import type { Jsep } from './janus-protocol.ts'
import type { JanusHandle } from './janus-session.ts'
import { SubscriptionBook } from './janus-streams.ts'
import {
  chooseSubstream,
  type Publisher,
  readVideoroomEvent,
  SUBSTREAM,
  start,
  subscriberJoin,
  subscriptionUpdate,
} from './janus-videoroom.ts'

// This page's one multistream subscription: a receive-only PeerConnection with every other
// publisher's streams. Janus offers, the page answers (`start`); publishers coming and going are
// `update`s, each answered by a fresh offer (several may come as one). The tracks are gathered per
// publisher (feed): camera and microphone in one stream, the screen in another.

export type FeedMedia = { stream: MediaStream | null; screen: MediaStream | null }

export type SubscriberDeps = {
  /** Attaches the subscription's handle (once, with the first streams). */
  attach: (onEvent: (data: unknown, jsep: Jsep | null) => void) => Promise<JanusHandle>
  createPeer: () => RTCPeerConnection
  createStream: (tracks: MediaStreamTrack[]) => MediaStream
  room: number
  privateId: number
  ownFeed: number
  /** The feeds' streams changed, or the connection's state. */
  onChange: () => void
}

export class JanusSubscriber {
  readonly book: SubscriptionBook
  peer: RTCPeerConnection | null = null
  private handle: JanusHandle | null = null
  private readonly deps: SubscriberDeps
  private queue: Promise<void> = Promise.resolve()
  private feeds = new Map<number, FeedMedia>()
  private readonly sizes = new Map<number, TileSize>()
  /** The layer each camera mid was last set to (a new mid starts at Janus's default, the highest). */
  private readonly layers = new Map<string, number>()

  constructor(deps: SubscriberDeps) {
    this.deps = deps
    this.book = new SubscriptionBook(deps.ownFeed)
  }

  /** Publishers arrived or changed, or went: the subscription follows. */
  publishers(list: Publisher[]): void {
    this.book.publishers(list)
    this.sync()
  }

  gone(feedId: number): void {
    this.book.gone(feedId)
    this.sync()
  }

  media(feedId: number): FeedMedia | null {
    return this.feeds.get(feedId) ?? null
  }

  setTileSize(feedId: number, size: TileSize): void {
    this.sizes.set(feedId, size)
    this.applyLayers()
  }

  close(): void {
    this.peer?.close()
    this.peer = null
  }

  private sync(): void {
    const run = async () => {
      const { subscribe, unsubscribe } = this.book.next()
      if (subscribe.length === 0 && unsubscribe.length === 0) return
      if (!this.handle) {
        if (subscribe.length === 0) return
        this.handle = await this.deps.attach((data, jsep) => void this.event(data, jsep))
        await this.handle.message(subscriberJoin(this.deps.room, this.deps.privateId, subscribe))
      } else await this.handle.message(subscriptionUpdate(subscribe, unsubscribe))
    }
    this.queue = this.queue.then(run, run).catch((error: unknown) => {
      console.warn('The subscription could not be updated', error)
    })
  }

  private async event(data: unknown, jsep: Jsep | null): Promise<void> {
    const event = readVideoroomEvent(data)
    if (event.type === 'subscription' && event.streams) this.book.subscribed(event.streams)
    if (jsep?.type === 'offer') await this.answer(jsep)
    if (event.type === 'subscription') {
      this.gather()
      this.applyLayers()
    }
  }

  private async answer(offer: Jsep): Promise<void> {
    const handle = this.handle
    if (!handle) return
    if (!this.peer) {
      const peer = this.deps.createPeer()
      peer.ontrack = () => this.gather()
      peer.onconnectionstatechange = () => this.deps.onChange()
      peer.onicecandidate = ({ candidate }) => {
        const json = candidate?.toJSON()
        handle.trickle(json?.candidate ? { ...json, candidate: json.candidate } : null)
      }
      this.peer = peer
    }
    await this.peer.setRemoteDescription(offer)
    const answer = await this.peer.createAnswer()
    await this.peer.setLocalDescription(answer)
    const local = this.peer.localDescription
    if (local) await handle.message(start(), { type: 'answer', sdp: local.sdp })
  }

  /** Each feed's tracks as streams; a stream object is kept while its tracks are the same. */
  private gather(): void {
    const peer = this.peer
    if (!peer) return
    const tracks = new Map<number, { camera: MediaStreamTrack[]; screen: MediaStreamTrack[] }>()
    for (const transceiver of peer.getTransceivers()) {
      const info = transceiver.mid === null ? null : this.book.stream(transceiver.mid)
      if (!info || transceiver.currentDirection === 'inactive') continue
      const entry = tracks.get(info.feedId) ?? { camera: [], screen: [] }
      entry[info.screen ? 'screen' : 'camera'].push(transceiver.receiver.track)
      tracks.set(info.feedId, entry)
    }
    const next = new Map<number, FeedMedia>()
    for (const [feedId, { camera, screen }] of tracks) {
      const before = this.feeds.get(feedId)
      next.set(feedId, {
        stream: this.same(before?.stream ?? null, camera),
        screen: this.same(before?.screen ?? null, screen),
      })
    }
    this.feeds = next
    this.deps.onChange()
  }

  private same(stream: MediaStream | null, tracks: MediaStreamTrack[]): MediaStream | null {
    if (tracks.length === 0) return null
    const held = stream?.getTracks() ?? []
    if (stream && held.length === tracks.length && tracks.every((track) => held.includes(track)))
      return stream
    return this.deps.createStream(tracks)
  }

  /** Each camera's simulcast layer as its tile needs it (a large tile the highest). */
  private applyLayers(): void {
    const handle = this.handle
    if (!handle) return
    for (const [feedId, size] of this.sizes) {
      for (const mid of this.book.cameraMids(feedId)) {
        const layer = SUBSTREAM[size]
        if ((this.layers.get(mid) ?? SUBSTREAM.large) === layer) continue
        this.layers.set(mid, layer)
        void handle.message(chooseSubstream(mid, layer)).catch(() => this.layers.delete(mid))
      }
    }
  }
}
