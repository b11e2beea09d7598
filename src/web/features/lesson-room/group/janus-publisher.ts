import type { MediaKind } from '../call/peer-link.ts'
import type { Jsep } from './janus-protocol.ts'
import type { JanusHandle } from './janus-session.ts'
import { publish, republish, SCREEN_DESCRIPTION, SIMULCAST_ENCODINGS } from './janus-videoroom.ts'

// This page's publisher: one send-only PeerConnection to the group server carrying the microphone,
// the camera (simulcast: the others' small tiles take its low layer) and, while the teacher shares
// it, the screen as a stream of its own. Camera and microphone change by replacing tracks; the
// screen coming or going is a renegotiation (`configure` with a fresh offer).

export type PublisherDeps = {
  handle: JanusHandle
  peer: RTCPeerConnection
  tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null; screen: MediaStreamTrack | null }
}

export class JanusPublisher {
  readonly peer: RTCPeerConnection
  private readonly handle: JanusHandle
  private readonly senders: Record<MediaKind, RTCRtpTransceiver>
  private screen: RTCRtpTransceiver | null = null
  private queue: Promise<void> = Promise.resolve()

  constructor(deps: PublisherDeps) {
    this.handle = deps.handle
    this.peer = deps.peer
    const { audio, video, screen } = deps.tracks
    this.senders = {
      audio: this.peer.addTransceiver(audio ?? 'audio', { direction: 'sendonly' }),
      video: this.peer.addTransceiver(video ?? 'video', {
        direction: 'sendonly',
        sendEncodings: SIMULCAST_ENCODINGS.map((encoding) => ({ ...encoding })),
      }),
    }
    if (screen) this.screen = this.peer.addTransceiver(screen, { direction: 'sendonly' })
    this.peer.onicecandidate = ({ candidate }) => {
      const json = candidate?.toJSON()
      this.handle.trickle(json?.candidate ? { ...json, candidate: json.candidate } : null)
    }
  }

  /** The first offer: camera and microphone (and a screen already shared) published. */
  publish(): Promise<void> {
    return this.negotiate(true)
  }

  /** Janus's answer to an offer of ours. */
  async answered(jsep: Jsep): Promise<void> {
    if (jsep.type !== 'answer' || this.peer.signalingState !== 'have-local-offer') return
    await this.peer.setRemoteDescription(jsep)
  }

  async setTrack(kind: MediaKind, track: MediaStreamTrack | null): Promise<void> {
    await this.senders[kind].sender.replaceTrack(track)
  }

  /** The teacher's screen: a stream of its own, published while shared. */
  setScreen(track: MediaStreamTrack | null): Promise<void> {
    const run = async () => {
      if (track && !this.screen) this.screen = this.peer.addTransceiver(track, { direction: 'sendonly' })
      else if (this.screen) {
        await this.screen.sender.replaceTrack(track)
        this.screen.direction = track ? 'sendonly' : 'inactive'
      }
      await this.offer(false)
    }
    this.queue = this.queue.then(run, run)
    return this.queue
  }

  close(): void {
    this.peer.close()
  }

  private negotiate(first: boolean): Promise<void> {
    const run = () => this.offer(first)
    this.queue = this.queue.then(run, run)
    return this.queue
  }

  private async offer(first: boolean): Promise<void> {
    const offer = await this.peer.createOffer()
    await this.peer.setLocalDescription(offer)
    const local = this.peer.localDescription
    if (local?.type !== 'offer') return
    const descriptions =
      this.screen?.mid && this.screen.direction !== 'inactive'
        ? [{ mid: this.screen.mid, description: SCREEN_DESCRIPTION }]
        : []
    // The answer comes as the handle's event (JanusMedia hands it to `answered`).
    await this.handle.message(first ? publish(descriptions) : republish(descriptions), {
      type: 'offer',
      sdp: local.sdp,
    })
  }
}
