import type { RoomToken } from '../../../../domain/api/room.ts'
import { reconnectDelay } from './backoff.ts'
import { type BuiltinEnvironment, ProviderChanged, socketAddress } from './builtin-call.ts'
import type { CallContext, CallPhase, CallSession } from './call-session.ts'
import type { MediaKind } from './peer-link.ts'
import { RoomCall } from './room-call.ts'
import { RoomRefused } from './signalling-socket.ts'
import type { VonageSdk } from './vonage-api.ts'
import { type VonageCredentials, VonageLink, type VonageSources } from './vonage-link.ts'

// The Vonage provider (protocol §1 `vonage`): the media go through the lesson's routed Vonage
// session (vonage-link.ts, the SDK a lazy chunk); the room's own socket still carries presence, the
// parties' media state, chat, recording notices and the window's end — never a `signal`
// (room-call.ts, shared with BuiltinCall: the same snapshots, so the room's screen does not know
// the difference).

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

export class VonageCall extends RoomCall implements CallSession {
  private readonly link: VonageLink
  private cameraPreview: MediaStream | null = null
  private readonly env: VonageEnvironment

  constructor(ctx: CallContext, env: VonageEnvironment) {
    super(ctx, env)
    this.env = env
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
    // Vonage measures its own connection: `stats` stays null, the room's indicator says "unknown".
    this.snapshot = { ...this.snapshot, localStream: this.previewStream() }
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

  /** Every fresh token answer: the socket's address, and the Vonage session joined if it is not. */
  protected override address(token: RoomToken): string {
    // The school moved the lesson to another provider meanwhile: entering again takes it there.
    if (token.provider !== 'vonage') throw new RoomRefused(new ProviderChanged(token.provider))
    void this.link.connect(token.vonage)
    return socketAddress(token, this.env.origin)
  }

  /** The SDK's sessionReconnecting (or a session being joined again) is this side's trouble too. */
  protected override mediaReconnecting(): boolean {
    return this.link.state === 'reconnecting'
  }

  protected override mediaPhase(_now: number, lostLong: boolean): CallPhase {
    const media = this.link.remote
    // Media still arriving is a call, whatever the signalling says meanwhile.
    if (media === 'flowing') return 'connected'
    return lostLong || media === 'lost' ? 'peer-reconnecting' : 'joining'
  }

  protected override closeMedia(): void {
    this.link.close()
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
}
