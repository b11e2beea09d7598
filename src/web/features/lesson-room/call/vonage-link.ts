import type { VonageRoomToken } from '../../../../domain/api/room.ts'
import { RoomRefused } from './signalling-socket.ts'
import type {
  VonagePublisher,
  VonagePublisherProperties,
  VonageSdk,
  VonageSession,
  VonageStream,
} from './vonage-api.ts'
import { type Published, republish } from './vonage-publish.ts'

// The media of a Vonage lesson (protocol §1 `vonage`): the lesson's routed session, this side's
// publishers (its microphone and camera; a shared screen as a stream of its own, which Vonage's
// archive shows in place of the cameras) and the other party's subscribers. Presence, chat and the
// rest stay on the room's own socket (vonage-call.ts); this is peer-link.ts's counterpart.

export type VonageCredentials = VonageRoomToken['vonage']

/** What this side's camera publisher sends: the microphone (muted or not) and the camera. */
export type VonageSources = {
  audio: MediaStreamTrack | null
  video: MediaStreamTrack | null
  microphoneOn: boolean
}

/** This side's connection to the session. */
export type LinkState = 'idle' | 'connecting' | 'connected' | 'reconnecting'
/** The other party's media: none published, subscribed but not arrived yet, arriving, or lost. */
export type RemoteMedia = 'none' | 'arriving' | 'flowing' | 'lost'

export type VonageLinkDeps = {
  loadSdk: () => Promise<VonageSdk>
  /** Fresh credentials (a new token answer) after the session dropped for good. */
  credentials: () => Promise<VonageCredentials>
  /** The credentials will not come: the call ends (the school moved the lesson, a 4xx). */
  onRefused: (error: unknown) => void
  onChange: () => void
  onRemoteStream: (stream: MediaStream | null) => void
  /** This side's shared screen ended without being stopped here (the browser's "Stop sharing"). */
  onScreenEnded: () => void
  createStream: (tracks: MediaStreamTrack[]) => MediaStream
  retryDelay: (attempt: number) => number
}

type Remote = { stream: VonageStream; media: MediaStream | null; connected: boolean }

const isScreen = (remote: Remote) => remote.stream.videoType === 'screen'
/** The latest of `remotes` whose media has arrived. */
const arrived = (remotes: Remote[]) => remotes.findLast((remote) => remote.media !== null)

export class VonageLink {
  state: LinkState = 'idle'
  /** This side's shared screen as it is sent (the own preview shows it). */
  screenPreview: MediaStream | null = null
  private sdk: Promise<VonageSdk> | null = null
  private loaded: VonageSdk | null = null
  private everConnected = false
  private session: VonageSession | null = null
  private sessionId: string | null = null
  /** The session has accepted this side: publishing may start. */
  private ready = false
  private publisher: Published | null = null
  private screen: VonagePublisher | null = null
  private remotes: Remote[] = []
  private shown: MediaStream | null = null
  /** The other party's stream went with its network (it may well come back). */
  private remoteLost = false
  private attempt = 0
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private closed = false
  private sources: VonageSources
  private readonly deps: VonageLinkDeps

  constructor(deps: VonageLinkDeps, sources: VonageSources) {
    this.deps = deps
    this.sources = sources
  }

  get remote(): RemoteMedia {
    const shown = arrived(this.remotes.filter((remote) => !isScreen(remote))) ?? arrived(this.remotes)
    if (shown) return shown.connected ? 'flowing' : 'lost'
    if (this.remotes.length > 0) return 'arriving'
    return this.remoteLost ? 'lost' : 'none'
  }

  /** Joins the lesson's session, unless already in it (every fresh token answer passes here). */
  async connect(credentials: VonageCredentials): Promise<void> {
    if (this.closed || this.sessionId === credentials.session_id) return
    this.drop({ leave: true })
    this.sessionId = credentials.session_id
    this.setState(this.everConnected ? 'reconnecting' : 'connecting')
    let sdk: VonageSdk
    try {
      sdk = await this.loadSdk()
    } catch (error) {
      console.warn('The video SDK did not load', error)
      this.sessionId = null
      return this.retry()
    }
    if (this.closed || this.sessionId !== credentials.session_id) return
    this.loaded = sdk
    const session = sdk.initSession(credentials.application_id, credentials.session_id)
    this.session = session
    session.on('streamCreated', ({ stream }) => this.subscribe(session, stream))
    session.on('streamDestroyed', ({ stream, reason }) => this.streamGone(session, stream, reason))
    // The SDK's own reconnection of this side (a network change): the call says "reconnecting".
    session.on('sessionReconnecting', () => this.setState('reconnecting'))
    session.on('sessionReconnected', () => this.setState('connected'))
    session.on('sessionDisconnected', ({ reason }) => this.lost(session, reason))
    session.connect(credentials.token, (error) => {
      if (error) this.lost(session, `${error.name}: ${error.message}`)
      else this.connected(session)
    })
  }

  /** This side's microphone or camera changed. */
  update(sources: VonageSources): void {
    const was = this.sources
    this.sources = sources
    const published = this.publisher
    if (!this.ready) return
    const audioComes = (sources.audio === null) !== (published?.audio === null)
    if (!published || sources.video !== published.video || audioComes) {
      this.publish()
      return
    }
    if (sources.audio && sources.audio !== published.audio) {
      published.audio = sources.audio
      published.handle.setAudioSource(sources.audio.clone()).catch((error: unknown) => {
        console.warn('The call could not switch the microphone', error)
      })
    }
    if (sources.microphoneOn !== was.microphoneOn) published.handle.publishAudio(sources.microphoneOn)
  }

  /**
   * Shares the screen as a stream of its own (Vonage's `screen`: the SDK asks the browser for it).
   * Resolves false when the person cancelled, the browser cannot, or the session is not joined.
   */
  shareScreen(): Promise<boolean> {
    const session = this.session
    const sdk = this.loaded
    if (!session || !sdk || !this.ready || this.screen) return Promise.resolve(false)
    return new Promise((resolve) => {
      const properties: VonagePublisherProperties = {
        insertDefaultUI: false,
        audioSource: null,
        videoSource: 'screen',
        publishAudio: false,
        publishVideo: true,
        videoContentHint: 'detail',
      }
      const handle = sdk.initPublisher(undefined, properties, (error) => {
        if (error || session !== this.session) return resolve(false)
        this.screen = handle
        session.publish(handle, (failed) => {
          if (failed) console.warn('The call could not publish the screen', failed)
        })
        resolve(true)
      })
      handle.on('mediaStreamAvailable', ({ mediaStream }) => {
        this.screenPreview = mediaStream
        this.deps.onChange()
      })
      handle.on('destroyed', () => {
        if (this.screen !== handle) return
        this.screen = null
        this.screenPreview = null
        this.deps.onScreenEnded()
      })
    })
  }

  stopScreen(): void {
    const screen = this.screen
    this.screen = null
    this.screenPreview = null
    if (screen) this.session?.unpublish(screen)
  }

  close(): void {
    this.closed = true
    this.drop({ leave: true })
  }

  private loadSdk(): Promise<VonageSdk> {
    // A chunk that failed to load (offline) is asked for again on the next attempt.
    this.sdk ??= this.deps.loadSdk().catch((error: unknown) => {
      this.sdk = null
      throw error
    })
    return this.sdk
  }

  private connected(session: VonageSession): void {
    if (session !== this.session) return
    this.attempt = 0
    this.ready = true
    this.everConnected = true
    this.setState('connected')
    this.publish()
  }

  /** The session dropped for good (or never came): a fresh token, and in again. */
  private lost(session: VonageSession, reason: string): void {
    if (session !== this.session || this.closed) return
    console.warn('The video session dropped', reason)
    this.drop({ leave: false })
    this.setState(this.everConnected ? 'reconnecting' : 'connecting')
    this.retry()
  }

  private retry(): void {
    if (this.closed || this.retryTimer !== null) return
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null
        this.deps.credentials().then(
          (credentials) => this.connect(credentials),
          (error: unknown) => (error instanceof RoomRefused ? this.deps.onRefused(error) : this.retry()),
        )
      },
      this.deps.retryDelay(this.attempt++),
    )
  }

  /** Publishes the microphone and the camera: a new publisher each time (vonage-publish.ts). */
  private publish(): void {
    const session = this.session
    const sdk = this.loaded
    if (!session || !sdk) return
    const { audio, video, microphoneOn } = this.sources
    this.publisher = republish(
      sdk,
      session,
      this.publisher,
      { audio, video, publishAudio: microphoneOn },
      () => session === this.session,
    )
  }

  private subscribe(session: VonageSession, stream: VonageStream): void {
    if (session !== this.session) return
    const remote: Remote = { stream, media: null, connected: true }
    this.remotes.push(remote)
    this.remoteLost = false
    const subscriber = session.subscribe(
      stream,
      undefined,
      { insertDefaultUI: false, audioVolume: 0 },
      (error) => {
        if (!error) return
        console.warn('The call could not receive the other party', error)
        this.remotes = this.remotes.filter((other) => other !== remote)
        this.show()
      },
    )
    subscriber.on('mediaStreamAvailable', ({ mediaStream }) => {
      remote.media = mediaStream
      this.show()
    })
    subscriber.on('disconnected', () => {
      remote.connected = false
      this.show()
    })
    subscriber.on('connected', () => {
      remote.connected = true
      this.show()
    })
    this.show()
  }

  private streamGone(session: VonageSession, stream: VonageStream, reason: string): void {
    if (session !== this.session) return
    this.remotes = this.remotes.filter((remote) => remote.stream.streamId !== stream.streamId)
    // Its network went (not its goodbye, not a new camera replacing this one).
    if (this.remotes.length === 0) this.remoteLost = reason === 'networkDisconnected'
    this.show()
  }

  /**
   * What the stage plays: the other party's latest camera stream (its picture and its sound), or
   * while it shares its screen, the screen's picture with the camera stream's sound. The SDK's own
   * elements stay silent (audioVolume 0), so the sound plays once.
   */
  private show(): void {
    const camera = arrived(this.remotes.filter((remote) => !isScreen(remote)))?.media ?? null
    const screen = arrived(this.remotes.filter(isScreen))?.media ?? null
    const shown = screen
      ? this.composed([...(camera?.getAudioTracks() ?? []), ...screen.getVideoTracks()])
      : camera
    if (shown !== this.shown) {
      this.shown = shown
      this.deps.onRemoteStream(shown)
    }
    this.deps.onChange()
  }

  /** A stream of `tracks`: the same object while they stay the same (the stage keeps playing it). */
  private composed(tracks: MediaStreamTrack[]): MediaStream {
    const current = this.shown?.getTracks() ?? []
    const same = current.length === tracks.length && tracks.every((track) => current.includes(track))
    return this.shown && same ? this.shown : this.deps.createStream(tracks)
  }

  private setState(state: LinkState): void {
    this.state = state
    this.deps.onChange()
  }

  /**
   * Forgets the session: nothing received any more. `leave`: this side goes on purpose (its streams
   * are unpublished first); otherwise the session is already gone, and its publishers with it.
   */
  private drop({ leave }: { leave: boolean }): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer)
    this.retryTimer = null
    const session = this.session
    const published = this.publisher
    const screen = this.screen
    this.session = null
    this.sessionId = null
    this.ready = false
    this.publisher = null
    this.screen = null
    this.remotes = []
    this.remoteLost = false
    if (session && leave) {
      if (published) session.unpublish(published.handle)
      if (screen) session.unpublish(screen)
      void session.disconnect()
    }
    if (screen) {
      this.screenPreview = null
      if (!this.closed) this.deps.onScreenEnded()
    }
    if (this.shown) {
      this.shown = null
      this.deps.onRemoteStream(null)
    }
  }
}
