import type { GroupParticipant, JanusTicket } from '../../../../domain/api/group-room.ts'
import type { VonageGroupRoomToken } from '../../../../domain/api/room.ts'
import type { MediaKind } from '../call/peer-link.ts'
import type {
  VonagePublisher,
  VonagePublisherProperties,
  VonageSdk,
  VonageSession,
  VonageStream,
} from '../call/vonage-api.ts'
import { type Published, republish } from '../call/vonage-publish.ts'
import type { GroupMedia, GroupMediaState, RemoteMedia } from './group-media.ts'

// The group room's media through the meeting's routed Vonage session (protocol "The group room"
// `vonage-group`): this page publishes its camera and microphone once (the teacher's screen as a
// second publisher) and subscribes to every other stream, whose connection data names its user.
// Presence, hands and moderation stay on the room's socket (group-call.ts).

export type VonageGroupMediaDeps = {
  credentials: VonageGroupRoomToken['vonage']
  loadSdk: () => Promise<VonageSdk>
  /** What this page sends now (the microphone, the camera, the teacher's screen). */
  tracks: () => { audio: MediaStreamTrack | null; video: MediaStreamTrack | null }
  onChange: () => void
  retryDelay: (attempt: number) => number
}

type Remote = { media: MediaStream | null; connected: boolean }
type Member = { camera: Map<string, Remote>; screen: Map<string, Remote> }

/** The stream's user, from the connection data the server put in its client token. */
export function userOfStream(stream: VonageStream): string | null {
  try {
    const data: unknown = JSON.parse(stream.connection.data ?? '')
    if (typeof data === 'object' && data !== null && 'user_id' in data && typeof data.user_id === 'string')
      return data.user_id
  } catch {
    // Not the app's own data: a stream the page cannot place.
  }
  return null
}

/** The latest of `remotes` whose media has arrived. */
const latest = (remotes: Map<string, Remote>) =>
  [...remotes.values()].findLast((remote) => remote.media !== null)

export class VonageGroupMedia implements GroupMedia {
  state: GroupMediaState = 'connecting'
  readonly speaking = false
  private readonly deps: VonageGroupMediaDeps
  private sdk: VonageSdk | null = null
  private session: VonageSession | null = null
  private ready = false
  private everLive = false
  private closed = false
  private attempt = 0
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private publisher: Published | null = null
  private screen: VonagePublisher | null = null
  private screenTrack: MediaStreamTrack | null = null
  private readonly members = new Map<string, Member>()

  constructor(deps: VonageGroupMediaDeps) {
    this.deps = deps
  }

  start(): void {
    void this.connect()
  }

  remote(participant: GroupParticipant): RemoteMedia | null {
    const member = this.members.get(participant.user_id)
    if (!member) return null
    const camera = latest(member.camera)
    return {
      stream: camera?.media ?? null,
      screen: latest(member.screen)?.media ?? null,
      live: camera ? camera.connected : member.camera.size === 0,
      speaking: false,
    }
  }

  /** Streams are placed by their connection data, not by the roster: nothing to do here. */
  participants(): void {
    this.deps.onChange()
  }

  ticket(_ticket: JanusTicket): void {}

  signal(): void {}

  async setTrack(_kind: MediaKind, _track: MediaStreamTrack | null): Promise<void> {
    this.publish()
  }

  /** The microphone is muted by its track's `enabled`; the published clone follows it here. */
  microphone(on: boolean): void {
    this.publisher?.handle.publishAudio(on)
  }

  async setScreen(track: MediaStreamTrack | null): Promise<void> {
    const previous = this.screen
    this.screen = null
    this.screenTrack = track
    if (previous) this.session?.unpublish(previous)
    if (track) this.publishScreen()
  }

  /** Vonage picks each subscriber's layer itself (its own congestion control). */
  setTileSize(): void {}

  close(): void {
    this.closed = true
    this.drop({ leave: true })
  }

  private async connect(): Promise<void> {
    if (this.closed) return
    let sdk: VonageSdk
    try {
      sdk = this.sdk ?? (await this.deps.loadSdk())
    } catch (error) {
      console.warn('The video SDK did not load', error)
      return this.retry()
    }
    if (this.closed) return
    this.sdk = sdk
    const { application_id, session_id, token } = this.deps.credentials
    const session = sdk.initSession(application_id, session_id)
    this.session = session
    session.on('streamCreated', ({ stream }) => this.subscribe(session, stream))
    session.on('streamDestroyed', ({ stream }) => this.streamGone(session, stream))
    // The SDK's own reconnection of this page (a network change).
    session.on('sessionReconnecting', () => this.setState(session, 'reconnecting'))
    session.on('sessionReconnected', () => this.setState(session, 'live'))
    session.on('sessionDisconnected', ({ reason }) => this.lost(session, reason))
    session.connect(token, (error) => {
      if (error) return this.lost(session, `${error.name}: ${error.message}`)
      if (session !== this.session) return
      this.ready = true
      this.attempt = 0
      this.everLive = true
      this.setState(session, 'live')
      this.publish()
      if (this.screenTrack) this.publishScreen()
    })
  }

  /** The session dropped for good (or never came): in again with the same token, after a while. */
  private lost(session: VonageSession, reason: string): void {
    if (session !== this.session || this.closed) return
    console.warn('The video session dropped', reason)
    this.drop({ leave: false })
    this.state = this.everLive ? 'reconnecting' : 'connecting'
    this.deps.onChange()
    this.retry()
  }

  private retry(): void {
    if (this.closed || this.retryTimer !== null) return
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null
        void this.connect()
      },
      this.deps.retryDelay(this.attempt++),
    )
  }

  /** Publishes the microphone and the camera: a new publisher for new tracks (vonage-publish.ts). */
  private publish(): void {
    const session = this.session
    const sdk = this.sdk
    if (!session || !sdk || !this.ready) return
    const { audio, video } = this.deps.tracks()
    const previous = this.publisher
    if (previous && previous.audio === audio && previous.video === video) return
    this.publisher = republish(
      sdk,
      session,
      previous,
      { audio, video, publishAudio: audio?.enabled ?? false },
      () => session === this.session,
    )
  }

  /** The teacher's screen: a second publisher, named so that every page shows it as the screen. */
  private publishScreen(): void {
    const session = this.session
    const sdk = this.sdk
    const track = this.screenTrack
    if (!session || !sdk || !this.ready || !track || this.screen) return
    const properties: VonagePublisherProperties = {
      insertDefaultUI: false,
      name: 'screen',
      audioSource: null,
      videoSource: track.clone(),
      publishAudio: false,
      publishVideo: true,
      videoContentHint: 'detail',
    }
    const handle = sdk.initPublisher(undefined, properties, (error) => {
      if (error) console.warn('The call could not prepare the screen', error)
    })
    this.screen = handle
    session.publish(handle, (error) => {
      if (error) console.warn('The call could not publish the screen', error)
    })
  }

  private subscribe(session: VonageSession, stream: VonageStream): void {
    const userId = userOfStream(stream)
    if (session !== this.session || !userId) return
    const member = this.members.get(userId) ?? { camera: new Map(), screen: new Map() }
    this.members.set(userId, member)
    const kind = stream.videoType === 'screen' || stream.name === 'screen' ? member.screen : member.camera
    const remote: Remote = { media: null, connected: true }
    kind.set(stream.streamId, remote)
    // The stage plays each stream itself; the SDK's own element stays silent.
    const subscriber = session.subscribe(
      stream,
      undefined,
      { insertDefaultUI: false, audioVolume: 0 },
      (error) => {
        if (!error) return
        console.warn('The call could not receive a participant', error)
        kind.delete(stream.streamId)
        this.deps.onChange()
      },
    )
    subscriber.on('mediaStreamAvailable', ({ mediaStream }) => {
      remote.media = mediaStream
      this.deps.onChange()
    })
    subscriber.on('disconnected', () => {
      remote.connected = false
      this.deps.onChange()
    })
    subscriber.on('connected', () => {
      remote.connected = true
      this.deps.onChange()
    })
    this.deps.onChange()
  }

  private streamGone(session: VonageSession, stream: VonageStream): void {
    const userId = userOfStream(stream)
    const member = userId ? this.members.get(userId) : undefined
    if (session !== this.session || !member || !userId) return
    member.camera.delete(stream.streamId)
    member.screen.delete(stream.streamId)
    if (member.camera.size === 0 && member.screen.size === 0) this.members.delete(userId)
    this.deps.onChange()
  }

  private setState(session: VonageSession, state: GroupMediaState): void {
    if (session !== this.session) return
    this.state = state
    this.deps.onChange()
  }

  /** Forgets the session. `leave`: this page goes on purpose (its streams unpublished first). */
  private drop({ leave }: { leave: boolean }): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer)
    this.retryTimer = null
    const session = this.session
    this.session = null
    this.ready = false
    if (session && leave) {
      if (this.publisher) session.unpublish(this.publisher.handle)
      if (this.screen) session.unpublish(this.screen)
      void session.disconnect()
    }
    this.publisher = null
    this.screen = null
    this.members.clear()
  }
}
