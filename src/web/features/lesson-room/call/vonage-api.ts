// The part of Vonage's client SDK (`@vonage/client-sdk-video`, OT) the room uses. Types only: the
// SDK itself is a lazy chunk of its own (vonage-sdk.ts), loaded when a Vonage lesson's room is
// entered; the real OT object is checked against these shapes there.

export type VonageError = { name: string; message: string }
export type VonageCallback = (error?: VonageError) => void

/** A party's published stream, as the session announces it. */
export type VonageStream = {
  streamId: string
  /** `screen` for a shared screen (a publisher whose videoSource is 'screen'); `custom` for the
   *  room's own tracks; undefined without video. */
  videoType?: 'camera' | 'screen' | 'custom' | undefined
  /** The publisher's name: the group room names a shared screen 'screen'. */
  name?: string | undefined
  /** `data`: the connection data of the party's client token (the group room reads its user id). */
  connection: { connectionId: string; data?: string | undefined }
}

/**
 * What the room publishes: the lobby's own tracks (the SDK asks for no camera or microphone
 * itself), or the screen, which the SDK asks the browser for (its stream is then a `screen`).
 */
export type VonagePublisherProperties = {
  insertDefaultUI: false
  name?: string
  audioSource: MediaStreamTrack | null
  videoSource: MediaStreamTrack | 'screen' | null
  publishAudio: boolean
  publishVideo: boolean
  videoContentHint: 'detail' | ''
}

/** The stage plays the subscriber's stream itself; the SDK's own (unattached) element stays silent. */
export type VonageSubscriberProperties = { insertDefaultUI: false; audioVolume: 0 }

export type VonagePublisher = {
  publishAudio(value: boolean): unknown
  setAudioSource(track: MediaStreamTrack): Promise<unknown>
  /** What it sends (the shared screen's preview). */
  on(event: 'mediaStreamAvailable', handler: (event: { mediaStream: MediaStream }) => void): void
  /** Gone: unpublished, its session lost, or its source ended (the browser's "Stop sharing"). */
  on(event: 'destroyed', handler: () => void): void
}

export type VonageSubscriber = {
  /** The subscribed stream's MediaStream, kept up to date by the SDK (its tracks may change). */
  on(event: 'mediaStreamAvailable', handler: (event: { mediaStream: MediaStream }) => void): void
  /** The subscriber's media connection dropped, or came back. */
  on(event: 'disconnected' | 'connected', handler: () => void): void
}

export type VonageSession = {
  connect(token: string, callback: VonageCallback): unknown
  publish(publisher: VonagePublisher, callback: VonageCallback): unknown
  unpublish(publisher: VonagePublisher): void
  subscribe(
    stream: VonageStream,
    target: undefined,
    properties: VonageSubscriberProperties,
    callback: VonageCallback,
  ): VonageSubscriber
  disconnect(): unknown
  on(event: 'streamCreated', handler: (event: { stream: VonageStream }) => void): void
  /** `reason`: clientDisconnected, networkDisconnected, unpublished, forceUnpublished, mediaStopped… */
  on(event: 'streamDestroyed', handler: (event: { stream: VonageStream; reason: string }) => void): void
  on(event: 'sessionReconnecting' | 'sessionReconnected', handler: () => void): void
  on(event: 'sessionDisconnected', handler: (event: { reason: string }) => void): void
}

export type VonageSdk = {
  initSession(applicationId: string, sessionId: string): VonageSession
  initPublisher(
    target: undefined,
    properties: VonagePublisherProperties,
    callback: VonageCallback,
  ): VonagePublisher
}
