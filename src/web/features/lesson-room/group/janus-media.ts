import type { GroupParticipant, JanusTicket } from '../../../../domain/api/group-room.ts'
import type { JanusAccess } from '../../../../domain/api/room.ts'
import { reconnectDelay } from '../call/backoff.ts'
import type { MediaKind } from '../call/peer-link.ts'
import type { SocketLike, Wakeups } from '../call/signalling-socket.ts'
import type { GroupMedia, GroupMediaState, RemoteMedia } from './group-media.ts'
import type { TileSize } from './group-room-model.ts'
import { type Jsep, VIDEOROOM_PLUGIN } from './janus-protocol.ts'
import { JanusPublisher } from './janus-publisher.ts'
import { JanusSession } from './janus-session.ts'
import { JanusSubscriber } from './janus-subscriber.ts'
import { publisherJoin, readVideoroomEvent } from './janus-videoroom.ts'

// The group room's media through the group server (protocol "The group room"): a Janus session,
// this page's publisher and one subscription to everyone else. Whatever breaks — the socket to
// Janus, the session, either PeerConnection — the whole is dropped and made afresh with a new
// session and a new ticket (asked for on the room's socket), retried at once and then every second
// or so, so the room is back within seconds of Janus answering again (a Janus restart).

/** A PeerConnection `disconnected` this long (no consent from Janus) is given up and remade. */
const DISCONNECTED_LIMIT_MS = 4_000
/** A ticket not answered this long (the room's socket is itself reconnecting): asked again. */
const TICKET_LIMIT_MS = 5_000

export type JanusMediaDeps = {
  access: JanusAccess
  iceServers: RTCIceServer[]
  display: string
  createSocket: (url: string, protocol: string) => SocketLike
  createPeer: (config: RTCConfiguration) => RTCPeerConnection
  createStream: (tracks: MediaStreamTrack[]) => MediaStream
  wakeups: Wakeups
  /** Asks the room's socket for a ticket; false when the socket cannot send now. */
  askTicket: () => boolean
  /** What this page sends now (the microphone, the camera, the teacher's screen). */
  tracks: () => {
    audio: MediaStreamTrack | null
    video: MediaStreamTrack | null
    screen: MediaStreamTrack | null
  }
  onChange: () => void
}

type Run = {
  session: JanusSession
  publisher: JanusPublisher | null
  subscriber: JanusSubscriber | null
  talking: Set<number>
  ownFeed: number
}

export class JanusMedia implements GroupMedia {
  state: GroupMediaState = 'connecting'
  private readonly deps: JanusMediaDeps
  private run: Run | null = null
  private generation = 0
  private attempt = 0
  private everLive = false
  private stopped = false
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private disconnectTimer: ReturnType<typeof setTimeout> | null = null
  private waitingTicket: { take: (ticket: JanusTicket) => void; cancel: () => void } | null = null
  private unwatch: () => void = () => undefined

  constructor(deps: JanusMediaDeps) {
    this.deps = deps
  }

  get speaking(): boolean {
    return this.run ? this.run.talking.has(this.run.ownFeed) : false
  }

  start(): void {
    // Back online or into view while waiting to retry: retry now.
    this.unwatch = this.deps.wakeups.watch(() => {
      if (this.retryTimer === null || this.stopped) return
      clearTimeout(this.retryTimer)
      this.retryTimer = null
      this.attempt = 0
      void this.connect()
    })
    void this.connect()
  }

  remote(participant: GroupParticipant): RemoteMedia | null {
    const run = this.run
    if (!run || participant.feed_id === null) return null
    const media = run.subscriber?.media(participant.feed_id)
    if (!media) return null
    return {
      ...media,
      live: run.subscriber?.peer?.connectionState === 'connected',
      speaking: run.talking.has(participant.feed_id),
    }
  }

  participants(): void {}

  signal(): void {}

  ticket(ticket: JanusTicket): void {
    const waiting = this.waitingTicket
    this.waitingTicket = null
    waiting?.take(ticket)
  }

  async setTrack(kind: MediaKind, track: MediaStreamTrack | null): Promise<void> {
    await this.run?.publisher?.setTrack(kind, track)
  }

  /** The group server gets the microphone's own track: its `enabled` is the mute. */
  microphone(): void {}

  async setScreen(track: MediaStreamTrack | null): Promise<void> {
    await this.run?.publisher?.setScreen(track)
  }

  setTileSize(participant: GroupParticipant, size: TileSize): void {
    if (participant.feed_id !== null) this.run?.subscriber?.setTileSize(participant.feed_id, size)
  }

  close(): void {
    this.stopped = true
    this.unwatch()
    if (this.retryTimer !== null) clearTimeout(this.retryTimer)
    this.teardown()
  }

  private async connect(): Promise<void> {
    this.retryTimer = null
    if (this.stopped) return
    const generation = ++this.generation
    this.setState(this.everLive ? 'reconnecting' : 'connecting')
    try {
      const session = await JanusSession.open(this.deps.access.url, this.deps.access.token, {
        createSocket: this.deps.createSocket,
        onGone: () => this.broken(generation),
      })
      if (generation !== this.generation) {
        session.close()
        return
      }
      const run: Run = { session, publisher: null, subscriber: null, talking: new Set(), ownFeed: 0 }
      this.run = run
      const ticket = await this.nextTicket()
      run.ownFeed = ticket.feed_id
      await this.join(run, ticket, generation)
    } catch (error) {
      if (generation !== this.generation || this.stopped) return
      console.warn('The group server could not be joined', error)
      this.broken(generation)
    }
  }

  private async join(run: Run, ticket: JanusTicket, generation: number): Promise<void> {
    const handle = await run.session.attach(VIDEOROOM_PLUGIN, {
      event: (data, jsep) => this.publisherEvent(run, data, jsep),
      media: (state) => {
        if (state === 'hangup' || state === 'detached') this.broken(generation)
      },
    })
    const joined = readVideoroomEvent(
      await handle.message(
        publisherJoin({
          room: ticket.room,
          feedId: ticket.feed_id,
          display: this.deps.display,
          ticket: ticket.token,
        }),
      ),
    )
    if (joined.type !== 'joined') throw new Error(`The group server did not let this page in: ${joined.type}`)
    const config: RTCConfiguration = { iceServers: this.deps.iceServers }
    const publisher = new JanusPublisher({
      handle,
      peer: this.deps.createPeer(config),
      tracks: this.deps.tracks(),
    })
    publisher.peer.onconnectionstatechange = () => this.watchPeer(publisher.peer, generation)
    run.publisher = publisher
    run.subscriber = new JanusSubscriber({
      attach: (onEvent) =>
        run.session.attach(VIDEOROOM_PLUGIN, {
          event: onEvent,
          media: (state) => {
            if (state === 'hangup') this.broken(generation)
          },
        }),
      createPeer: () => {
        const peer = this.deps.createPeer(config)
        peer.addEventListener('connectionstatechange', () => this.watchPeer(peer, generation))
        return peer
      },
      createStream: this.deps.createStream,
      room: ticket.room,
      privateId: joined.privateId,
      ownFeed: ticket.feed_id,
      onChange: () => this.deps.onChange(),
    })
    run.subscriber.publishers(joined.publishers)
    await publisher.publish()
  }

  private publisherEvent(run: Run, data: unknown, jsep: Jsep | null): void {
    if (jsep) void run.publisher?.answered(jsep)
    const event = readVideoroomEvent(data)
    switch (event.type) {
      case 'publishers':
        run.subscriber?.publishers(event.publishers)
        return
      case 'gone':
        run.talking.delete(event.id)
        run.subscriber?.gone(event.id)
        this.deps.onChange()
        return
      case 'talking':
        if (event.talking) run.talking.add(event.id)
        else run.talking.delete(event.id)
        this.deps.onChange()
        return
      default:
        // `ended` (kicked, the room destroyed): the room's socket says why; a rejoin is refused.
        return
    }
  }

  /** Asks for a ticket, again every few seconds until one comes (the socket may be away). */
  private nextTicket(): Promise<JanusTicket> {
    return new Promise((resolve, reject) => {
      this.deps.askTicket()
      const again = setInterval(() => this.deps.askTicket(), TICKET_LIMIT_MS)
      this.waitingTicket = {
        take: (ticket) => {
          clearInterval(again)
          resolve(ticket)
        },
        cancel: () => {
          clearInterval(again)
          reject(new Error('The group media were closed'))
        },
      }
    })
  }

  private watchPeer(peer: RTCPeerConnection, generation: number): void {
    if (generation !== this.generation) return
    const state = peer.connectionState
    if (state === 'failed') {
      this.broken(generation)
      return
    }
    if (state === 'disconnected') {
      if (this.disconnectTimer !== null) clearTimeout(this.disconnectTimer)
      this.disconnectTimer = setTimeout(() => {
        if (peer.connectionState === 'disconnected') this.broken(generation)
      }, DISCONNECTED_LIMIT_MS)
    }
    if (this.run?.publisher?.peer.connectionState === 'connected') {
      this.everLive = true
      this.attempt = 0
      this.setState('live')
    } else this.deps.onChange()
  }

  /** Something of this generation failed: everything is dropped and made afresh. */
  private broken(generation: number): void {
    if (generation !== this.generation || this.stopped) return
    this.generation++
    this.teardown()
    this.setState(this.everLive ? 'reconnecting' : 'connecting')
    this.retryTimer = setTimeout(
      () => void this.connect(),
      reconnectDelay(this.attempt++, this.deps.wakeups.visible()),
    )
  }

  private teardown(): void {
    if (this.disconnectTimer !== null) clearTimeout(this.disconnectTimer)
    this.disconnectTimer = null
    this.waitingTicket?.cancel()
    this.waitingTicket = null
    const run = this.run
    this.run = null
    if (!run) return
    run.publisher?.close()
    run.subscriber?.close()
    run.session.close()
  }

  private setState(state: GroupMediaState): void {
    this.state = state
    this.deps.onChange()
  }
}
