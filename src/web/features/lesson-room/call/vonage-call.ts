import type { RoomServerMessage, RoomToken } from '../../../../domain/api/room.ts'
import { reconnectDelay } from './backoff.ts'
import { type BuiltinEnvironment, ProviderChanged, socketAddress } from './builtin-call.ts'
import type {
  CallContext,
  CallEnd,
  CallPhase,
  CallSession,
  CallSnapshot,
  RemoteParty,
} from './call-session.ts'
import { LocalTracks } from './local-tracks.ts'
import type { MediaKind } from './peer-link.ts'
import { RoomRefused, SignallingSocket, type SocketStatus } from './signalling-socket.ts'
import type { VonageSdk } from './vonage-api.ts'
import { type VonageCredentials, VonageLink, type VonageSources } from './vonage-link.ts'

// The Vonage provider (issue #23, protocol §1 `vonage`): the media go through the lesson's routed
// Vonage session (vonage-link.ts, the SDK a lazy chunk); the room's own socket still carries
// presence, the parties' media state, chat, recording notices and the window's end — never a
// `signal`. The same snapshots as BuiltinCall, so the room's screen does not know the difference.

/** issue #21 item 5: the other party's socket gone this long without a goodbye shows as reconnecting. */
const PEER_SILENT_MS = 2_000

export type VonageEnvironment = Pick<
  BuiltinEnvironment,
  'createSocket' | 'createStream' | 'origin' | 'wakeups'
> & {
  /** The SDK's chunk (vonage-sdk.ts), or a stand-in. */
  loadVonage: () => Promise<VonageSdk>
}

/** The Vonage part of a token answer; another provider's answer ends the call (refused). */
function vonageOf(token: RoomToken): VonageCredentials {
  if (token.provider !== 'vonage') throw new RoomRefused(new ProviderChanged(token.provider))
  return token.vonage
}

export class VonageCall implements CallSession {
  private snapshot: CallSnapshot
  private readonly listeners = new Set<() => void>()
  private readonly socket: SignallingSocket
  private readonly media: LocalTracks
  private readonly link: VonageLink
  private socketStatus: SocketStatus = 'connecting'
  private welcomed = 0
  /** When the other party's socket went without a goodbye (it shows as reconnecting 2 s later). */
  private lostAt: number | null = null
  private lostTimer: ReturnType<typeof setTimeout> | null = null
  private cameraPreview: MediaStream | null = null
  private readonly ctx: CallContext
  private readonly env: VonageEnvironment

  constructor(ctx: CallContext, env: VonageEnvironment) {
    this.ctx = ctx
    this.env = env
    this.media = new LocalTracks(ctx.devices, ctx.tracks)
    this.link = new VonageLink(
      {
        loadSdk: env.loadVonage,
        credentials: async () => vonageOf(await ctx.fetchToken()),
        onRefused: (error) => this.finish('refused', error instanceof RoomRefused ? error.reason : error),
        onChange: () => this.update({ localStream: this.previewStream() }),
        onRemoteStream: (stream) => this.update({ remoteStream: stream }),
        onScreenEnded: () => this.screenEnded(),
        createStream: env.createStream,
        retryDelay: (attempt) => reconnectDelay(attempt, env.wakeups.visible()),
      },
      this.sources(),
    )
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
      // Vonage measures its own connection; the room's indicator says "unknown".
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
  }

  leave(): void {
    this.finish('left')
  }

  async setMicrophone(on: boolean): Promise<void> {
    if (on && !this.media.audio) this.media.swap('audio', await this.media.acquire('audio'))
    if (this.media.audio) this.media.audio.enabled = on
    this.ctx.report(on ? 'microphone_on' : 'microphone_off')
    this.changed()
  }

  async setCamera(on: boolean): Promise<void> {
    this.media.swap('video', on ? await this.media.acquire('video') : null)
    this.ctx.report(on ? 'camera_on' : 'camera_off')
    this.changed()
  }

  async switchDevice(kind: MediaKind, deviceId: string): Promise<void> {
    if (kind === 'video' && !this.media.cameraOn) return
    this.media.swap(kind, await this.media.acquire(kind, deviceId))
    this.changed()
  }

  /**
   * The screen goes as a stream of its own beside the camera (Vonage's `screen`, what its archive
   * shows in place of the cameras); the other party's stage shows it.
   */
  async startScreenShare(): Promise<boolean> {
    if (this.snapshot.sharingScreen || !(await this.link.shareScreen())) return false
    this.ctx.report('screen_share_on')
    this.update({ localStream: this.previewStream(), sharingScreen: true })
    this.tellState()
    return true
  }

  async stopScreenShare(): Promise<void> {
    this.link.stopScreen()
    this.screenEnded()
  }

  /** Stopped here, in the browser's own bar, or with the session. */
  private screenEnded(): void {
    if (!this.snapshot.sharingScreen) return
    this.ctx.report('screen_share_off')
    this.update({ localStream: this.previewStream(), sharingScreen: false })
    this.tellState()
  }

  private sources(): VonageSources {
    const { audio, camera, microphoneOn } = this.media
    return { audio, video: camera, microphoneOn }
  }

  /** This side's media changed: published, previewed and told to the other party. */
  private changed(): void {
    this.link.update(this.sources())
    this.update({ localStream: this.previewStream() })
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

  /** Every fresh token answer: the socket's address, and the Vonage session joined if it is not. */
  private address(token: RoomToken): string {
    // The school moved the lesson to another provider meanwhile: entering again takes it there.
    if (token.provider !== 'vonage') throw new RoomRefused(new ProviderChanged(token.provider))
    void this.link.connect(token.vonage)
    return socketAddress(token, this.env.origin)
  }

  private frame(frame: RoomServerMessage): void {
    switch (frame.type) {
      case 'welcome':
        if (this.welcomed++ > 0) this.ctx.report('reconnected')
        this.ctx.onWelcome()
        this.update({ closesAt: frame.closes_at })
        if (frame.peer_present) this.setRemote({ presence: 'present' })
        // Back after a drop of our own, the other side not (yet) there: it is likely coming back too.
        else if (this.welcomed > 1 && this.snapshot.remote.presence === 'present') this.peerLost()
        else this.setRemote({ presence: 'absent', media: null })
        this.tellState()
        return
      case 'peer-joined':
        // Until it says otherwise: a newly arrived party's media is not known yet.
        this.setRemote({ presence: 'present', media: null })
        this.tellState()
        return
      case 'peer-left':
        if (frame.reason === 'left') this.setRemote({ presence: 'left' })
        else this.peerLost()
        return
      case 'peer-state': {
        const { microphone, camera, screen } = frame
        this.setRemote({ media: { microphone, camera, screen } })
        return
      }
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
        // `signal` never comes with Vonage (protocol §1); `pong` is the socket's.
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
    // The SDK's sessionReconnecting (or a session being joined again) is this side's trouble too.
    if (this.socketStatus === 'reconnecting' || this.link.state === 'reconnecting') return 'reconnecting'
    const { presence } = this.snapshot.remote
    if (presence === 'absent') return 'waiting'
    if (presence === 'left') return 'peer-left'
    const media = this.link.remote
    // Media still arriving is a call, whatever the signalling says meanwhile.
    if (media === 'flowing') return 'connected'
    const lostLong = presence === 'lost' && this.lostAt !== null && Date.now() - this.lostAt >= PEER_SILENT_MS
    return lostLong || media === 'lost' ? 'peer-reconnecting' : 'joining'
  }

  private finish(end: CallEnd, refusal: unknown = null): void {
    if (this.snapshot.end) return
    this.snapshot = { ...this.snapshot, end, refusal }
    this.clearLost()
    this.socket.stop({ bye: end === 'left' })
    this.link.close()
    this.media.stopAll()
    this.update({ localStream: null, remoteStream: null, microphoneOn: false, cameraOn: false })
  }

  /** The own picture: the shared screen as it is sent, else the camera. */
  private previewStream(): MediaStream | null {
    if (this.link.screenPreview) return this.link.screenPreview
    const camera = this.media.camera
    if (!camera) return null
    // The same stream while the camera stays the same: the preview's element keeps playing.
    if (this.cameraPreview?.getVideoTracks()[0] !== camera)
      this.cameraPreview = this.env.createStream([camera])
    return this.cameraPreview
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
