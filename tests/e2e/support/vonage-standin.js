// A stand-in for Vonage's client SDK (`@vonage/client-sdk-video`) in the Vonage room's E2E journey.
// Vonage is an outside service, so its SDK is replaced at its boundary: the journey serves this
// module in place of the app's lazy chunk `assets/vonage-sdk-*.js`, and it exports what that chunk
// exports (`vonageSdk`, the SDK's OT object). It behaves as the SDK does for what the room uses —
// sessions that connect with a token, publishers of the tracks they are given (or of the screen),
// subscribers whose MediaStream plays, the session's events — and keeps every call in
// `window.__vonageStandin.log`. Two browser contexts cannot meet through it: the journey raises,
// in each page, what Vonage would tell that side (the other party's stream, a reconnection).

const log = []
const sessions = []
/** The MediaStream id each subscribed stream was given (what the stage should play). */
const media = {}

const record = (what, detail = {}) => log.push({ what, ...detail })
const later = (fn) => setTimeout(fn, 20)

class Emitter {
  #handlers = new Map()
  on(event, handler) {
    this.#handlers.set(event, [...(this.#handlers.get(event) ?? []), handler])
  }
  off(event, handler) {
    this.#handlers.set(
      event,
      (this.#handlers.get(event) ?? []).filter((one) => one !== handler),
    )
  }
  emit(event, payload = {}) {
    for (const handler of this.#handlers.get(event) ?? []) handler({ type: event, ...payload })
  }
}

/** The other party as Vonage would deliver it: a moving picture with its name, and a tone. */
function partyMedia(name) {
  const canvas = document.createElement('canvas')
  canvas.width = 320
  canvas.height = 240
  const context = canvas.getContext('2d')
  let frame = 0
  setInterval(() => {
    frame += 1
    context.fillStyle = `hsl(${(frame * 4) % 360} 55% 35%)`
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.fillStyle = '#fff'
    context.font = '28px sans-serif'
    context.fillText(name, 24, 130)
  }, 66)
  const stream = canvas.captureStream(15)
  const audio = new AudioContext()
  const tone = audio.createOscillator()
  const out = audio.createMediaStreamDestination()
  tone.connect(out)
  tone.start()
  for (const track of out.stream.getAudioTracks()) stream.addTrack(track)
  return stream
}

const isTrack = (source) => typeof source === 'object' && source !== null && 'kind' in source
const sourceOf = (source) => (isTrack(source) ? source.kind : (source ?? null))

class Publisher extends Emitter {
  #destroyed = false
  constructor(properties) {
    super()
    this.properties = properties
    this.stream = null
  }
  publishAudio(value) {
    record('publishAudio', { value })
    for (const track of this.stream?.getAudioTracks() ?? []) track.enabled = value
    return this
  }
  publishVideo(value) {
    record('publishVideo', { value })
    return this
  }
  async setAudioSource(track) {
    record('setAudioSource', { kind: track.kind })
  }
  destroy() {
    if (this.#destroyed) return this
    this.#destroyed = true
    // The SDK stops what it published, the tracks it was given included.
    for (const track of this.stream?.getTracks() ?? []) track.stop()
    this.emit('destroyed')
    return this
  }
}

class Subscriber extends Emitter {
  constructor(stream) {
    super()
    this.stream = stream
  }
}

class Session extends Emitter {
  connected = false
  #publishers = new Set()
  constructor(applicationId, sessionId) {
    super()
    this.sessionId = sessionId
    record('initSession', { applicationId, sessionId })
    sessions.push(this)
  }
  connect(token, callback) {
    record('connect', { token })
    later(() => {
      this.connected = true
      callback()
    })
    return this
  }
  publish(publisher, callback) {
    record('publish', {
      audio: sourceOf(publisher.properties.audioSource),
      video: sourceOf(publisher.properties.videoSource),
    })
    this.#publishers.add(publisher)
    later(() => callback?.())
    return publisher
  }
  unpublish(publisher) {
    record('unpublish', { video: sourceOf(publisher.properties.videoSource) })
    this.#publishers.delete(publisher)
    publisher.destroy()
  }
  subscribe(stream, _target, properties, callback) {
    record('subscribe', { streamId: stream.streamId, properties })
    const subscriber = new Subscriber(stream)
    later(() => {
      const mediaStream = partyMedia(stream.name)
      media[stream.streamId] = mediaStream.id
      subscriber.emit('mediaStreamAvailable', { mediaStream })
      callback?.()
    })
    return subscriber
  }
  disconnect() {
    record('disconnect')
    if (!this.connected) return Promise.resolve()
    this.connected = false
    for (const publisher of this.#publishers) publisher.destroy()
    this.#publishers.clear()
    later(() => this.emit('sessionDisconnected', { reason: 'clientDisconnected' }))
    return Promise.resolve()
  }
}

function initPublisher(_target, properties, callback) {
  record('initPublisher', {
    audio: sourceOf(properties.audioSource),
    video: sourceOf(properties.videoSource),
    publishAudio: properties.publishAudio,
    publishVideo: properties.publishVideo,
  })
  const publisher = new Publisher(properties)
  const tracks = [properties.audioSource, properties.videoSource].filter(isTrack)
  const screen =
    properties.videoSource === 'screen'
      ? navigator.mediaDevices.getDisplayMedia({ video: true }).then((shared) => shared.getVideoTracks())
      : Promise.resolve([])
  screen.then(
    (shared) => {
      publisher.stream = new MediaStream([...tracks, ...shared])
      publisher.emit('mediaStreamAvailable', { mediaStream: publisher.stream })
      callback?.()
    },
    (error) => callback?.({ name: 'OT_USER_MEDIA_ACCESS_DENIED', message: String(error) }),
  )
  return publisher
}

const current = () => {
  const session = sessions.at(-1)
  if (!session) throw new Error('no Vonage session yet')
  return session
}
const streamOf = (streamId, name) => ({
  streamId,
  name,
  videoType: 'custom',
  hasAudio: true,
  hasVideo: true,
  connection: { connectionId: `connection-${streamId}` },
})

window.__vonageStandin = {
  log,
  media,
  /** The other party publishes a stream in this side's session (Vonage's streamCreated). */
  streamCreated: (streamId, name) => current().emit('streamCreated', { stream: streamOf(streamId, name) }),
  /** It goes (Vonage's streamDestroyed, with its reason: networkDisconnected, clientDisconnected…). */
  streamDestroyed: (streamId, reason) =>
    current().emit('streamDestroyed', { stream: streamOf(streamId, ''), reason }),
  /** One of the session's own events: sessionReconnecting, sessionReconnected. */
  emit: (event) => current().emit(event),
}

export const vonageSdk = {
  initSession: (applicationId, sessionId) => new Session(applicationId, sessionId),
  initPublisher,
}
