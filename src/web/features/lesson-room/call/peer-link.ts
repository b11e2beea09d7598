import type { SignalData } from '../../../../domain/api/room.ts'

// One RTCPeerConnection to the other party with the W3C "perfect negotiation" pattern (protocol
// §2): the polite side (the student) yields on glare, the impolite side (the teacher) wins. ICE
// restarts after 2 s of `disconnected` or at once on `failed`. A peer that reloaded its page
// comes back with a new DTLS certificate: its offer then replaces this connection with a new one.

export type MediaKind = 'audio' | 'video'
const KINDS: MediaKind[] = ['audio', 'video']
const DISCONNECTED_GRACE_MS = 2_000
const STALL_MS = 8_000

export type PeerLinkDeps = {
  createPeer: (config: RTCConfiguration) => RTCPeerConnection
  config: RTCConfiguration
  polite: boolean
  /** Relays a signal to the other party; false when it could not be sent. */
  send: (data: SignalData) => boolean
  onRemoteStream: (stream: MediaStream) => void
  onConnectionState: (state: RTCPeerConnectionState) => void
  createStream: (tracks?: MediaStreamTrack[]) => MediaStream
  /** A silent or blank track that stands in for a missing device while a sender is made. */
  placeholder: (kind: MediaKind) => MediaStreamTrack
}

const fingerprint = (sdp: string | undefined) => sdp?.match(/^a=fingerprint:.*$/m)?.[0] ?? null

export class PeerLink {
  private pc: RTCPeerConnection
  private makingOffer = false
  private ignoreOffer = false
  /** Candidates that came before any remote description (a glare's rolled-back offer keeps its ICE). */
  private early: RTCIceCandidateInit[] = []
  private stallTimer: ReturnType<typeof setTimeout> | null = null
  private queue: Promise<void> = Promise.resolve()
  private disconnectTimer: ReturnType<typeof setTimeout> | null = null
  private remote: MediaStream
  private readonly local: Record<MediaKind, MediaStreamTrack | null> = { audio: null, video: null }
  private readonly senders: Partial<Record<MediaKind, RTCRtpSender>> = {}
  private readonly deps: PeerLinkDeps

  constructor(deps: PeerLinkDeps, tracks: Partial<Record<MediaKind, MediaStreamTrack | null>>) {
    this.deps = deps
    this.local.audio = tracks.audio ?? null
    this.local.video = tracks.video ?? null
    this.remote = deps.createStream()
    this.pc = this.open()
  }

  get connection(): RTCPeerConnection {
    return this.pc
  }

  /** Media flows and no negotiation is half done: a returning socket needs nothing more. */
  get healthy(): boolean {
    return this.pc.connectionState === 'connected' && this.pc.signalingState === 'stable'
  }

  /**
   * The other party's socket (re)appeared. A connection that is not healthy starts afresh (its
   * offer and candidates went to nobody). Only the impolite side (the teacher) then offers: a
   * healthy connection with an ICE restart (a reloaded peer answers with a new certificate, which
   * starts a fresh connection), a fresh one from scratch. The polite side waits for that offer.
   */
  peerArrived(): void {
    if (!this.healthy) this.reset()
    else if (!this.deps.polite) this.pc.restartIce()
    if (this.deps.polite) return
    // A safety net for an unlucky interleaving of offers: no media after a while, restart ICE.
    if (this.stallTimer !== null) clearTimeout(this.stallTimer)
    this.stallTimer = setTimeout(() => {
      this.stallTimer = null
      if (this.pc.connectionState !== 'connected' && this.pc.connectionState !== 'closed') {
        this.pc.restartIce()
      }
    }, STALL_MS)
  }

  handle(data: SignalData): Promise<void> {
    this.queue = this.queue
      .then(() => this.apply(data))
      .catch((error: unknown) => {
        console.warn('A signal from the other party could not be applied', error)
      })
    return this.queue
  }

  /** Puts `track` (or nothing) on the sender of its kind: no renegotiation needed. */
  async setTrack(kind: MediaKind, track: MediaStreamTrack | null): Promise<void> {
    this.local[kind] = track
    await this.senders[kind]?.replaceTrack(track)
  }

  /** New ICE servers (a fresh token's TURN credentials) for the next gathering. */
  setIceServers(iceServers: RTCIceServer[]): void {
    this.deps.config = { ...this.deps.config, iceServers }
    this.pc.setConfiguration(this.deps.config)
  }

  close(): void {
    this.clearDisconnectTimer()
    if (this.stallTimer !== null) clearTimeout(this.stallTimer)
    this.pc.close()
  }

  private open(): RTCPeerConnection {
    const pc = this.deps.createPeer(this.deps.config)
    // addTrack, not addTransceiver: a remote offer reuses transceivers made by addTrack (JSEP),
    // so either side may offer first and each kind keeps one sender. A missing device sends
    // nothing through a sender made with a stand-in track.
    for (const kind of KINDS) {
      const track = this.local[kind]
      if (track) {
        this.senders[kind] = pc.addTrack(track)
        continue
      }
      const stand = this.deps.placeholder(kind)
      const sender = pc.addTrack(stand)
      void sender.replaceTrack(null).finally(() => stand.stop())
      this.senders[kind] = sender
    }
    pc.onnegotiationneeded = () => void this.offer(pc)
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.deps.send({ candidate: candidate.toJSON() })
    }
    pc.ontrack = ({ track }) => {
      if (pc !== this.pc) return
      // A new stream object each time: a <video> reliably takes a new srcObject, not added tracks.
      const kept = this.remote.getTracks().filter((old) => old.kind !== track.kind)
      this.remote = this.deps.createStream([...kept, track])
      this.deps.onRemoteStream(this.remote)
    }
    pc.onconnectionstatechange = () => {
      if (pc === this.pc) this.connectionChanged(pc.connectionState)
    }
    return pc
  }

  private reset(): void {
    this.clearDisconnectTimer()
    this.pc.close()
    this.makingOffer = false
    this.ignoreOffer = false
    this.early = []
    this.remote = this.deps.createStream()
    this.deps.onRemoteStream(this.remote)
    this.pc = this.open()
    this.deps.onConnectionState(this.pc.connectionState)
  }

  private async offer(pc: RTCPeerConnection): Promise<void> {
    // The first offer of a connection is the impolite side's: two first offers crossing made
    // Chrome's polite side roll back and then gather no candidates at all for its answer.
    if (pc !== this.pc || (this.deps.polite && !pc.remoteDescription)) return
    try {
      this.makingOffer = true
      await pc.setLocalDescription()
      // An answer here means a remote offer overtook this one; the signal handler sends it.
      if (pc === this.pc && pc.localDescription?.type === 'offer') {
        this.deps.send({ description: pc.localDescription.toJSON() })
      }
    } catch (error) {
      console.warn('The offer could not be made', error)
    } finally {
      this.makingOffer = false
    }
  }

  private async apply({ description, candidate }: SignalData): Promise<void> {
    if (description && (description.type === 'offer' || description.type === 'answer')) {
      const remote = fingerprint(this.pc.remoteDescription?.sdp)
      if (remote !== null && remote !== fingerprint(description.sdp)) {
        // The other side is a new page: its old connection is gone. An answer from it cannot
        // finish this connection's offer; the fresh connection offers again (impolite side).
        this.reset()
        if (description.type === 'answer') return
      }
      const pc = this.pc
      const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable')
      this.ignoreOffer = !this.deps.polite && collision
      if (this.ignoreOffer) return
      if (description.type === 'answer' && pc.signalingState !== 'have-local-offer') return
      await pc.setRemoteDescription({ type: description.type, sdp: description.sdp })
      for (const early of this.early.splice(0)) await pc.addIceCandidate(early).catch(() => undefined)
      if (description.type === 'offer') {
        await pc.setLocalDescription()
        if (pc.localDescription) this.deps.send({ description: pc.localDescription.toJSON() })
      }
    } else if (candidate) {
      if (!this.pc.remoteDescription) {
        this.early.push(candidate)
        return
      }
      try {
        await this.pc.addIceCandidate(candidate)
      } catch (error) {
        if (!this.ignoreOffer) console.warn('A candidate from the other party was refused', error)
      }
    }
  }

  private connectionChanged(state: RTCPeerConnectionState): void {
    this.deps.onConnectionState(state)
    this.clearDisconnectTimer()
    if (state === 'failed') this.pc.restartIce()
    // On a mere `disconnected` only the impolite side restarts, so two restarts do not cross.
    if (state === 'disconnected' && !this.deps.polite) {
      this.disconnectTimer = setTimeout(() => {
        if (this.pc.connectionState === 'disconnected') this.pc.restartIce()
      }, DISCONNECTED_GRACE_MS)
    }
  }

  private clearDisconnectTimer(): void {
    if (this.disconnectTimer !== null) clearTimeout(this.disconnectTimer)
    this.disconnectTimer = null
  }
}
