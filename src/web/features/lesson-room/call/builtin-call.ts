import type { BuiltinRoomToken, RoomServerMessage, RoomToken } from '../../../../domain/api/room.ts'
import type {
  CallContext,
  CallEnd,
  CallPhase,
  CallSession,
  CallSnapshot,
  RemoteParty,
} from './call-session.ts'
import { readStats, statsEntries } from './call-stats.ts'
import { LocalTracks } from './local-tracks.ts'
import { type MediaKind, PeerLink } from './peer-link.ts'
import {
  RoomRefused,
  SignallingSocket,
  type SocketLike,
  type SocketStatus,
  type Wakeups,
} from './signalling-socket.ts'

// The built-in provider (protocol §1 `builtin`): WebRTC peer to peer, signalling through the
// server's WebSocket. Independent of React: the screen subscribes to its snapshots.

const STATS_EVERY_MS = 1_000
/** issue #21 item 5: no packet from the other party for this long, and it is shown as reconnecting. */
const PEER_SILENT_MS = 2_000

/** The browser's constructors, given from outside so the engine can be tested without one. */
export type BuiltinEnvironment = {
  createPeer: (config: RTCConfiguration) => RTCPeerConnection
  createSocket: (url: string) => SocketLike
  createStream: (tracks?: MediaStreamTrack[]) => MediaStream
  placeholder: (kind: MediaKind) => MediaStreamTrack
  /** The page's origin, against which the token's signalling path is resolved. */
  origin: string
  wakeups: Wakeups
}

/** protocol §2: `signalling_url` is a path on the same origin; the socket speaks ws(s). */
export function socketAddress(
  token: Pick<BuiltinRoomToken, 'signalling_url' | 'token'>,
  origin: string,
): string {
  const url = new URL(token.signalling_url, origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.searchParams.set('token', token.token)
  return url.toString()
}

/** A fresh token names another provider than the call's (the school changed it during the call). */
export class ProviderChanged extends Error {
  readonly provider: string
  constructor(provider: string) {
    super(`The lesson moved to the ${provider} video provider`)
    this.provider = provider
  }
}

export class BuiltinCall implements CallSession {
  private snapshot: CallSnapshot
  private readonly listeners = new Set<() => void>()
  private readonly socket: SignallingSocket
  private readonly media: LocalTracks
  private peer: PeerLink | null = null
  private socketStatus: SocketStatus = 'connecting'
  private welcomed = 0
  /** When the other party's socket went without a goodbye (it shows as reconnecting 2 s later). */
  private lostAt: number | null = null
  private lostTimer: ReturnType<typeof setTimeout> | null = null
  private statsTimer: ReturnType<typeof setInterval> | null = null
  private readonly ctx: CallContext
  private readonly env: BuiltinEnvironment

  constructor(ctx: CallContext, env: BuiltinEnvironment) {
    this.ctx = ctx
    this.env = env
    this.media = new LocalTracks(ctx.devices, ctx.tracks)
    this.snapshot = {
      phase: 'connecting',
      end: null,
      refusal: null,
      cancellation: null,
      remote: { presence: 'absent', media: null },
      localStream: this.previewStream(),
      localAudio: this.media.audio,
      remoteStream: null,
      microphoneOn: this.media.microphoneOn,
      cameraOn: this.media.cameraOn,
      sharingScreen: false,
      stats: null,
      closesAt: null,
    }
    this.socket = new SignallingSocket({
      address: async () => this.address(await ctx.fetchToken()),
      session: ctx.session,
      wakeups: env.wakeups,
      createSocket: env.createSocket,
      onFrame: (frame) => this.frame(frame),
      onStatus: (status) => {
        this.socketStatus = status
        this.update({})
      },
      onEnd: (end, detail) => this.finish(end, end === 'refused' ? detail : null),
    })
  }

  getSnapshot = (): CallSnapshot => this.snapshot

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  join(): void {
    this.socket.start()
    this.statsTimer = setInterval(() => void this.readStats(), STATS_EVERY_MS)
  }

  leave(): void {
    this.finish('left')
  }

  async setMicrophone(on: boolean): Promise<void> {
    if (on && !this.media.audio) await this.replace('audio', await this.media.acquire('audio'))
    if (this.media.audio) this.media.audio.enabled = on
    this.ctx.report(on ? 'microphone_on' : 'microphone_off')
    this.update({})
    this.tellState()
  }

  async setCamera(on: boolean): Promise<void> {
    await this.replace('video', on ? await this.media.acquire('video') : null)
    this.ctx.report(on ? 'camera_on' : 'camera_off')
    this.tellState()
  }

  async switchDevice(kind: MediaKind, deviceId: string): Promise<void> {
    if (kind === 'video' && !this.media.cameraOn) return
    await this.replace(kind, await this.media.acquire(kind, deviceId))
  }

  async startScreenShare(): Promise<boolean> {
    const getDisplayMedia = this.ctx.devices.getDisplayMedia
    if (!getDisplayMedia || this.media.screen) return false
    let track: MediaStreamTrack | undefined
    try {
      track = (await getDisplayMedia.call(this.ctx.devices, { video: true })).getVideoTracks()[0]
    } catch {
      return false // cancelled in the browser's picker
    }
    if (!track) return false
    this.media.screen = track
    // The browser's own "Stop sharing" ends the track: the camera comes back.
    track.addEventListener('ended', () => void this.stopScreenShare())
    await this.peer?.setTrack('video', track)
    this.ctx.report('screen_share_on')
    this.update({ localStream: this.previewStream(), sharingScreen: true })
    this.tellState()
    return true
  }

  async stopScreenShare(): Promise<void> {
    const screen = this.media.screen
    if (!screen) return
    this.media.screen = null
    screen.stop()
    await this.peer?.setTrack('video', this.media.camera)
    this.ctx.report('screen_share_off')
    this.update({ localStream: this.previewStream(), sharingScreen: false })
    this.tellState()
  }

  /** issue #21 item 5: the other party sees this side's microphone, camera and screen. */
  private tellState(): void {
    const { microphoneOn, cameraOn, sharingScreen } = this.snapshot
    this.socket.send({ type: 'state', microphone: microphoneOn, camera: cameraOn, screen: sharingScreen })
  }

  private setRemote(remote: Partial<RemoteParty>): void {
    if (remote.presence && remote.presence !== 'lost') this.clearLost()
    this.update({ remote: { ...this.snapshot.remote, ...remote } })
  }

  private async replace(kind: MediaKind, track: MediaStreamTrack | null): Promise<void> {
    this.media.swap(kind, track)
    const sending = kind === 'audio' ? this.media.audio : this.media.video
    await this.peer?.setTrack(kind, sending)
    this.update({ localStream: this.previewStream() })
  }

  private address(token: RoomToken): string {
    // The school moved the lesson to another provider meanwhile: entering again takes it there.
    if (token.provider !== 'builtin') throw new RoomRefused(new ProviderChanged(token.provider))
    if (this.peer) this.peer.setIceServers(token.ice_servers)
    else {
      this.peer = new PeerLink(
        {
          createPeer: this.env.createPeer,
          config: { iceServers: token.ice_servers, iceTransportPolicy: token.ice_transport_policy },
          polite: token.polite,
          send: (data) => this.socket.send({ type: 'signal', data }),
          onRemoteStream: (stream) => this.update({ remoteStream: stream }),
          onConnectionState: () => this.update({}),
          createStream: (tracks) => this.env.createStream(tracks),
          placeholder: this.env.placeholder,
        },
        { audio: this.media.audio, video: this.media.video },
      )
    }
    return socketAddress(token, this.env.origin)
  }

  private frame(frame: RoomServerMessage): void {
    switch (frame.type) {
      case 'welcome':
        if (this.welcomed++ > 0) this.ctx.report('reconnected')
        if (frame.peer_present) this.peer?.peerArrived()
        this.ctx.onWelcome()
        this.update({ closesAt: frame.closes_at })
        if (frame.peer_present) this.setRemote({ presence: 'present' })
        // Back after a drop of our own, the other side not (yet) there: it is likely coming back too.
        else if (this.welcomed > 1 && this.snapshot.remote.presence === 'present') this.peerLost()
        else this.setRemote({ presence: 'absent', media: null })
        this.tellState()
        return
      case 'peer-joined':
        this.peer?.peerArrived()
        // Until it says otherwise: a newly arrived party's media is not known yet.
        this.setRemote({ presence: 'present', media: null })
        this.tellState()
        return
      case 'peer-left':
        if (frame.reason === 'left') {
          // Said goodbye: shown at once as gone, not as a frozen picture.
          // (The stage hides its last frame; the stream stays for when it comes back.)
          this.setRemote({ presence: 'left' })
        } else this.peerLost()
        return
      case 'peer-state': {
        const { microphone, camera, screen } = frame
        this.setRemote({ media: { microphone, camera, screen } })
        return
      }
      case 'signal':
        void this.peer?.handle(frame.data)
        return
      case 'recording':
        this.ctx.onRecording({ archive_id: frame.archive_id, state: frame.state, stream_id: frame.stream_id })
        return
      case 'chat':
        this.ctx.onChat(frame.message)
        return
      case 'cancelled':
        // The socket ends next (4410); what the room then says comes from here.
        this.snapshot = { ...this.snapshot, cancellation: { by: frame.by, reason: frame.reason } }
        return
      default:
        return
    }
  }

  /** Its socket went without a goodbye: "reconnecting" once it has been away PEER_SILENT_MS. */
  private peerLost(): void {
    this.clearLost()
    this.lostAt = Date.now()
    this.lostTimer = setTimeout(() => this.update({}), PEER_SILENT_MS)
    this.update({ remote: { ...this.snapshot.remote, presence: 'lost' } })
  }

  private clearLost(): void {
    this.lostAt = null
    if (this.lostTimer !== null) clearTimeout(this.lostTimer)
    this.lostTimer = null
  }

  private async readStats(): Promise<void> {
    const pc = this.peer?.connection
    if (!pc || pc.connectionState === 'closed') return
    const report = await pc.getStats()
    this.update({ stats: readStats(statsEntries(report), this.snapshot.stats, Date.now()) })
  }

  private phase(): CallPhase {
    if (this.snapshot.end) return 'ended'
    if (this.socketStatus === 'connecting') return 'connecting'
    if (this.socketStatus === 'reconnecting') return 'reconnecting'
    const { presence } = this.snapshot.remote
    if (presence === 'absent') return 'waiting'
    if (presence === 'left') return 'peer-left'
    const now = Date.now()
    const media = this.peer?.connection.connectionState
    const lastPacket = this.snapshot.stats?.lastPacketAt ?? null
    const silent = lastPacket !== null && now - lastPacket >= PEER_SILENT_MS
    // Media still arriving is a call, whatever the signalling says meanwhile.
    if (media === 'connected' && !silent) return 'connected'
    const lostLong = presence === 'lost' && this.lostAt !== null && now - this.lostAt >= PEER_SILENT_MS
    if (lostLong || media === 'connected') return 'peer-reconnecting'
    return media === 'disconnected' || media === 'failed' ? 'reconnecting' : 'joining'
  }

  private finish(end: CallEnd, refusal: unknown = null): void {
    if (this.snapshot.end) return
    this.snapshot = { ...this.snapshot, end, refusal }
    this.clearLost()
    this.socket.stop({ bye: end === 'left' })
    this.peer?.close()
    if (this.statsTimer !== null) clearInterval(this.statsTimer)
    this.media.stopAll()
    this.update({ localStream: null, remoteStream: null, microphoneOn: false, cameraOn: false })
  }

  private previewStream(): MediaStream | null {
    const video = this.media.video
    return video ? this.env.createStream([video]) : null
  }

  private update(change: Partial<CallSnapshot>): void {
    const next = { ...this.snapshot, ...change }
    next.localAudio = this.media.audio
    next.microphoneOn = this.media.microphoneOn
    next.cameraOn = this.media.cameraOn
    this.snapshot = next
    this.snapshot = { ...next, phase: this.phase() }
    for (const listener of this.listeners) listener()
  }
}
