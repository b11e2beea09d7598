import type { VonageRoomToken } from '../../domain/api/room.ts'
import type { SocketLike } from '../features/lesson-room/call/signalling-socket.ts'
import type {
  VonageCallback,
  VonagePublisher,
  VonagePublisherProperties,
  VonageSdk,
  VonageSession,
  VonageStream,
  VonageSubscriber,
} from '../features/lesson-room/call/vonage-api.ts'

// Fakes of the Vonage call's surroundings for its unit tests (vonage-call.test.ts): Vonage's client
// SDK (an outside service, replaced at its boundary), the room's socket (the server's side of the
// wire), and tracks and streams (the DOM's own are not in Node).

export class FakeSocket implements SocketLike {
  readyState = 0
  sent: unknown[] = []
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  readonly url: string
  constructor(url: string) {
    this.url = url
  }
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close() {
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }
  receive(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }))
  }
}

/** A camera or microphone track: what the call reads of it, and its clones (the SDK's copies). */
class FakeTrack extends EventTarget {
  enabled = true
  readyState: 'live' | 'ended' = 'live'
  readonly kind: string
  readonly label: string
  clones: FakeTrack[] = []
  constructor(kind: string, label: string) {
    super()
    this.kind = kind
    this.label = label
  }
  clone(): FakeTrack {
    const copy = new FakeTrack(this.kind, `${this.label} (clone)`)
    this.clones.push(copy)
    return copy
  }
  stop() {
    this.readyState = 'ended'
  }
  getSettings() {
    return { deviceId: this.label }
  }
}
// The call only reads what FakeTrack has; the DOM's MediaStreamTrack has far more.
export const track = (kind: string, label: string) =>
  new FakeTrack(kind, label) as unknown as MediaStreamTrack
export const media = (tracks: MediaStreamTrack[]) =>
  ({
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((one) => one.kind === 'audio'),
    getVideoTracks: () => tracks.filter((one) => one.kind === 'video'),
  }) as unknown as MediaStream
export const labelOf = (value: MediaStreamTrack | 'screen' | null) =>
  typeof value === 'string' ? value : (value?.label ?? null)

type Handler = (event: never) => void

class Emitter {
  private readonly handlers = new Map<string, Handler[]>()
  on(event: string, handler: Handler): void {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler])
  }
  fire(event: string, payload: unknown = {}) {
    for (const handler of this.handlers.get(event) ?? []) Reflect.apply(handler, undefined, [payload])
  }
}

export class FakePublisher extends Emitter implements VonagePublisher {
  readonly properties: VonagePublisherProperties
  audio: boolean
  audioSources: string[] = []
  constructor(properties: VonagePublisherProperties) {
    super()
    this.properties = properties
    this.audio = properties.publishAudio
  }
  publishAudio(value: boolean) {
    this.audio = value
  }
  async setAudioSource(source: MediaStreamTrack) {
    this.audioSources.push(source.label)
  }
}

export class FakeSubscriber extends Emitter implements VonageSubscriber {}

export class FakeSession extends Emitter implements VonageSession {
  readonly ids: [string, string]
  token: string | null = null
  connectDone: VonageCallback | null = null
  published: FakePublisher[] = []
  publishDone: VonageCallback[] = []
  unpublished: FakePublisher[] = []
  subscribed: { stream: VonageStream; subscriber: FakeSubscriber }[] = []
  disconnected = false
  constructor(applicationId: string, sessionId: string) {
    super()
    this.ids = [applicationId, sessionId]
  }
  connect(token: string, callback: VonageCallback) {
    this.token = token
    this.connectDone = callback
  }
  publish(publisher: VonagePublisher, callback: VonageCallback) {
    if (publisher instanceof FakePublisher) this.published.push(publisher)
    this.publishDone.push(callback)
  }
  unpublish(publisher: VonagePublisher) {
    if (publisher instanceof FakePublisher) this.unpublished.push(publisher)
  }
  subscribe(stream: VonageStream): VonageSubscriber {
    const subscriber = new FakeSubscriber()
    this.subscribed.push({ stream, subscriber })
    return subscriber
  }
  disconnect() {
    this.disconnected = true
  }
}

export class FakeSdk implements VonageSdk {
  sessions: FakeSession[] = []
  /** What initPublisher's callback answers for a screen: undefined (shared) or an error (cancelled). */
  screenAnswer: { name: string; message: string } | undefined = undefined
  initSession(applicationId: string, sessionId: string) {
    const session = new FakeSession(applicationId, sessionId)
    this.sessions.push(session)
    return session
  }
  initPublisher(_target: undefined, properties: VonagePublisherProperties, callback: VonageCallback) {
    const publisher = new FakePublisher(properties)
    if (properties.videoSource === 'screen') queueMicrotask(() => callback(this.screenAnswer))
    return publisher
  }
}

export const vonageToken = (n: number): VonageRoomToken => ({
  provider: 'vonage',
  token: `room-${n}`,
  signalling_url: '/api/v1/lessons/room',
  lesson_id: '00000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-000000000002',
  role: 'teacher',
  starts_at: '2026-11-24T01:00:00.000Z',
  ends_at: '2026-11-24T01:45:00.000Z',
  closes_at: '2026-11-24T02:00:00.000Z',
  vonage: { application_id: 'app-1', session_id: 'session-1', token: `vonage-${n}` },
})

export const welcome = (peer: boolean) => ({
  type: 'welcome',
  peer_present: peer,
  closes_at: '2026-11-24T02:00:00.000Z',
})
export const stream = (id: string): VonageStream => ({
  streamId: id,
  connection: { connectionId: `c-${id}` },
})
