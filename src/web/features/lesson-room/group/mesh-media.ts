import type { GroupParticipant, JanusTicket } from '../../../../domain/api/group-room.ts'
import type { SignalData } from '../../../../domain/api/room.ts'
import { type MediaKind, PeerLink } from '../call/peer-link.ts'
import type { GroupMedia, GroupMediaState, RemoteMedia } from './group-media.ts'

// The mesh (protocol "The group room" `mesh`): a small class with no group server, every pair of
// participants peer to peer, each pair's signals relayed by the room's socket. Each pair is the
// one-to-one room's PeerLink (perfect negotiation): the side with the lower user id is polite.

export type MeshMediaDeps = {
  me: string
  config: RTCConfiguration
  createPeer: (config: RTCConfiguration) => RTCPeerConnection
  createStream: (tracks?: MediaStreamTrack[]) => MediaStream
  placeholder: (kind: MediaKind) => MediaStreamTrack
  /** Relays a signal to one participant; false when the socket cannot send now. */
  send: (to: string, data: SignalData) => boolean
  tracks: () => { audio: MediaStreamTrack | null; video: MediaStreamTrack | null }
  onChange: () => void
}

type Pair = { link: PeerLink; stream: MediaStream | null }

export class MeshMedia implements GroupMedia {
  readonly state: GroupMediaState = 'live'
  readonly speaking = false
  private readonly pairs = new Map<string, Pair>()
  private present = new Set<string>()
  private readonly deps: MeshMediaDeps

  constructor(deps: MeshMediaDeps) {
    this.deps = deps
  }

  start(): void {}

  remote(participant: GroupParticipant): RemoteMedia | null {
    const pair = this.pairs.get(participant.user_id)
    if (!pair) return null
    return {
      stream: pair.stream,
      screen: null,
      live: pair.link.connection.connectionState === 'connected',
      speaking: false,
    }
  }

  /**
   * The participants present now: a pair for each newcomer, a fresh negotiation with each one
   * that came back, and the pairs of those who left closed.
   */
  participants(list: GroupParticipant[], arrived: readonly string[]): void {
    const next = new Set(list.map((participant) => participant.user_id).filter((id) => id !== this.deps.me))
    for (const id of next) {
      const pair = this.pairs.get(id)
      if (!pair) this.pair(id)
      else if (arrived.includes(id)) pair.link.peerArrived()
    }
    for (const [id, pair] of this.pairs) {
      if (next.has(id)) continue
      pair.link.close()
      this.pairs.delete(id)
    }
    this.present = next
    this.deps.onChange()
  }

  ticket(_ticket: JanusTicket): void {}

  signal(from: string, data: SignalData): void {
    // An offer may come before this side has heard of its sender's arrival.
    const pair = this.pairs.get(from) ?? (this.present.has(from) || data.description ? this.pair(from) : null)
    void pair?.link.handle(data)
  }

  async setTrack(kind: MediaKind, track: MediaStreamTrack | null): Promise<void> {
    await Promise.all([...this.pairs.values()].map((pair) => pair.link.setTrack(kind, track)))
  }

  /** The mesh sends the microphone's own track: its `enabled` is the mute. */
  microphone(): void {}

  /** The mesh carries no screen of its own stream: the screen takes the camera's place. */
  async setScreen(track: MediaStreamTrack | null): Promise<void> {
    await this.setTrack('video', track ?? this.deps.tracks().video)
  }

  setTileSize(): void {}

  close(): void {
    for (const pair of this.pairs.values()) pair.link.close()
    this.pairs.clear()
  }

  private pair(id: string): Pair {
    const pair: Pair = {
      stream: null,
      link: new PeerLink(
        {
          createPeer: this.deps.createPeer,
          config: this.deps.config,
          polite: this.deps.me < id,
          send: (data) => this.deps.send(id, data),
          onRemoteStream: (stream) => {
            pair.stream = stream
            this.deps.onChange()
          },
          onConnectionState: () => this.deps.onChange(),
          createStream: this.deps.createStream,
          placeholder: this.deps.placeholder,
        },
        this.deps.tracks(),
      ),
    }
    this.pairs.set(id, pair)
    return pair
  }
}
