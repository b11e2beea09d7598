import type { BuiltinRoomToken, RoomToken, SignalData } from '../../../../domain/api/room.ts'
import type { CallContext, CallPhase, CallSession } from './call-session.ts'
import { readStats, statsEntries } from './call-stats.ts'
import { type MediaKind, PeerLink } from './peer-link.ts'
import { PEER_SILENT_MS, RoomCall, type SocketEnvironment } from './room-call.ts'
import { RoomRefused } from './signalling-socket.ts'

// The built-in provider (protocol §1 `builtin`): WebRTC peer to peer, signalling through the
// server's WebSocket. Independent of React: the screen subscribes to its snapshots.

const STATS_EVERY_MS = 1_000

/** The browser's constructors, given from outside so the engine can be tested without one. */
export type BuiltinEnvironment = SocketEnvironment & {
  createPeer: (config: RTCConfiguration) => RTCPeerConnection
  createStream: (tracks?: MediaStreamTrack[]) => MediaStream
  placeholder: (kind: MediaKind) => MediaStreamTrack
  /** The page's origin, against which the token's signalling path is resolved. */
  origin: string
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

export class BuiltinCall extends RoomCall implements CallSession {
  private peer: PeerLink | null = null
  private statsTimer: ReturnType<typeof setInterval> | null = null
  private readonly env: BuiltinEnvironment

  constructor(ctx: CallContext, env: BuiltinEnvironment) {
    super(ctx, env)
    this.env = env
    this.snapshot = { ...this.snapshot, localStream: this.previewStream() }
  }

  override join(): void {
    super.join()
    this.statsTimer = setInterval(() => void this.readStats(), STATS_EVERY_MS)
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

  private async replace(kind: MediaKind, track: MediaStreamTrack | null): Promise<void> {
    this.media.swap(kind, track)
    const sending = kind === 'audio' ? this.media.audio : this.media.video
    await this.peer?.setTrack(kind, sending)
    this.update({ localStream: this.previewStream() })
  }

  protected override address(token: RoomToken): string {
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

  protected override peerArrived(): void {
    this.peer?.peerArrived()
  }

  protected override signal(data: SignalData): void {
    void this.peer?.handle(data)
  }

  private async readStats(): Promise<void> {
    const pc = this.peer?.connection
    if (!pc || pc.connectionState === 'closed') return
    const report = await pc.getStats()
    this.update({ stats: readStats(statsEntries(report), this.snapshot.stats, Date.now()) })
  }

  protected override mediaPhase(now: number, lostLong: boolean): CallPhase {
    const media = this.peer?.connection.connectionState
    const lastPacket = this.snapshot.stats?.lastPacketAt ?? null
    const silent = lastPacket !== null && now - lastPacket >= PEER_SILENT_MS
    // Media still arriving is a call, whatever the signalling says meanwhile.
    if (media === 'connected' && !silent) return 'connected'
    if (lostLong || media === 'connected') return 'peer-reconnecting'
    return media === 'disconnected' || media === 'failed' ? 'reconnecting' : 'joining'
  }

  protected override closeMedia(): void {
    this.peer?.close()
    if (this.statsTimer !== null) clearInterval(this.statsTimer)
  }

  private previewStream(): MediaStream | null {
    const video = this.media.video
    return video ? this.env.createStream([video]) : null
  }
}
