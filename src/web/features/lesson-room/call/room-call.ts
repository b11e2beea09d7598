import type { RoomServerMessage, RoomToken, SignalData } from '../../../../domain/api/room.ts'
import type { CallContext, CallEnd, CallPhase, CallSnapshot, RemoteParty } from './call-session.ts'
import { LocalTracks } from './local-tracks.ts'
import {
  ROOM_FRAMES,
  SignallingSocket,
  type SocketLike,
  type SocketStatus,
  type Wakeups,
} from './signalling-socket.ts'

// What every provider's call shares (protocol §1: `builtin` and `vonage`): the room's own socket,
// which carries the other party's presence and media state, chat, recording notices and the
// window's end, and the snapshot the room's screen reads. The media are each provider's own.

/**
 * No packet from the other party for this long, or its socket gone this long without a goodbye, and
 * it is shown as reconnecting.
 */
export const PEER_SILENT_MS = 2_000

/** What the room's socket needs from the browser. */
export type SocketEnvironment = {
  createSocket: (url: string) => SocketLike
  wakeups: Wakeups
}

export abstract class RoomCall {
  protected snapshot: CallSnapshot
  private readonly listeners = new Set<() => void>()
  protected readonly socket: SignallingSocket
  protected readonly media: LocalTracks
  protected readonly ctx: CallContext
  private socketStatus: SocketStatus = 'connecting'
  private welcomed = 0
  /** When the other party's socket went without a goodbye (it shows as reconnecting 2 s later). */
  private lostAt: number | null = null
  private lostTimer: ReturnType<typeof setTimeout> | null = null

  /** The subclass fills in `localStream` once its own parts are made. */
  constructor(ctx: CallContext, env: SocketEnvironment) {
    this.ctx = ctx
    this.media = new LocalTracks(ctx.devices, ctx.tracks)
    this.snapshot = {
      phase: 'connecting',
      end: null,
      refusal: null,
      cancellation: null,
      remote: { presence: 'absent', media: null },
      localStream: null,
      localAudio: this.media.audio,
      remoteStream: null,
      microphoneOn: this.media.microphoneOn,
      cameraOn: this.media.cameraOn,
      sharingScreen: false,
      stats: null,
      closesAt: null,
    }
    this.socket = new SignallingSocket({
      frames: ROOM_FRAMES,
      address: async (signal) => this.address(await ctx.fetchToken(signal)),
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

  /** Every fresh token answer: the socket's address; the provider's media set up or refreshed. */
  protected abstract address(token: RoomToken): string

  /**
   * The phase once both are in the room (presence `present` or `lost`): what the media say.
   * `lostLong`: the other party's socket has been gone PEER_SILENT_MS.
   */
  protected abstract mediaPhase(now: number, lostLong: boolean): CallPhase

  /** The provider's own parts are closed (the call ended). */
  protected abstract closeMedia(): void

  /** The media are this side's trouble too (shown as `reconnecting` whatever the presence). */
  protected mediaReconnecting(): boolean {
    return false
  }

  /** The other party is in the room (welcome or arrival): the media may be negotiated. */
  protected peerArrived(): void {}

  /** A `signal` frame (builtin only; it never comes with Vonage, protocol §1). */
  protected signal(_data: SignalData): void {}

  getSnapshot = (): CallSnapshot => this.snapshot

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  join(): void {
    this.socket.start()
  }

  leave(): void {
    this.finish('left')
  }

  /** The other party sees this side's microphone, camera and screen. */
  protected tellState(): void {
    const { microphoneOn, cameraOn, sharingScreen } = this.snapshot
    this.socket.send({ type: 'state', microphone: microphoneOn, camera: cameraOn, screen: sharingScreen })
  }

  private setRemote(remote: Partial<RemoteParty>): void {
    if (remote.presence && remote.presence !== 'lost') this.clearLost()
    this.update({ remote: { ...this.snapshot.remote, ...remote } })
  }

  private frame(frame: RoomServerMessage): void {
    switch (frame.type) {
      case 'welcome':
        if (this.welcomed++ > 0) this.ctx.report('reconnected')
        if (frame.peer_present) this.peerArrived()
        this.ctx.onWelcome()
        this.update({ closesAt: frame.closes_at })
        if (frame.peer_present) this.setRemote({ presence: 'present' })
        // Back after a drop of our own, the other side not (yet) there: it is likely coming back too.
        else if (this.welcomed > 1 && this.snapshot.remote.presence === 'present') this.peerLost()
        else this.setRemote({ presence: 'absent', media: null })
        this.tellState()
        return
      case 'peer-joined':
        this.peerArrived()
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
        this.signal(frame.data)
        return
      case 'recording':
        this.ctx.onRecording({ archive_id: frame.archive_id, state: frame.state, stream_id: frame.stream_id })
        return
      case 'chat':
        this.ctx.onChat(frame.message)
        return
      case 'voice-clip':
        this.ctx.onVoiceClip({
          clip_id: frame.clip_id,
          created_at: frame.created_at,
          duration_ms: frame.duration_ms,
        })
        return
      case 'cancelled':
        // The socket ends next (4410); what the room then says comes from here.
        this.snapshot = { ...this.snapshot, cancellation: { by: frame.by, reason: frame.reason } }
        return
      default:
        // `pong` is the socket's.
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

  private phase(): CallPhase {
    if (this.snapshot.end) return 'ended'
    if (this.socketStatus === 'connecting') return 'connecting'
    if (this.socketStatus === 'reconnecting' || this.mediaReconnecting()) return 'reconnecting'
    const { presence } = this.snapshot.remote
    if (presence === 'absent') return 'waiting'
    if (presence === 'left') return 'peer-left'
    const now = Date.now()
    const lostLong = presence === 'lost' && this.lostAt !== null && now - this.lostAt >= PEER_SILENT_MS
    return this.mediaPhase(now, lostLong)
  }

  protected finish(end: CallEnd, refusal: unknown = null): void {
    if (this.snapshot.end) return
    this.snapshot = { ...this.snapshot, end, refusal }
    this.clearLost()
    this.socket.stop({ bye: end === 'left' })
    this.closeMedia()
    this.media.stopAll()
    this.update({ localStream: null, remoteStream: null, microphoneOn: false, cameraOn: false })
  }

  protected update(change: Partial<CallSnapshot>): void {
    const next = { ...this.snapshot, ...change }
    next.localAudio = this.media.audio
    next.microphoneOn = this.media.microphoneOn
    next.cameraOn = this.media.cameraOn
    this.snapshot = next
    this.snapshot = { ...next, phase: this.phase() }
    for (const listener of this.listeners) listener()
  }
}
