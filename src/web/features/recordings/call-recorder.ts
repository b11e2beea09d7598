// Records the lesson call in the teacher's browser: both voices mixed (Web Audio), and one picture
// — the other party's video with this side's camera as an inset, or the shared screen while this
// side shares it — drawn on a canvas and encoded by MediaRecorder into WebM. Every few seconds
// MediaRecorder hands over a chunk, which the uploader sends at once. Beside it a second
// MediaRecorder keeps the same mixed voices alone, as Opus at a speech bit rate (a few hundred KB
// a minute), for the lesson recap's transcription (docs/decisions.md "The lesson recap").
//
// The canvas is drawn by a timer, not by animation frames, which stop in a hidden tab; a hidden
// tab's timers still run (at least once a second), so a recording goes on, at a lower frame rate,
// while the teacher looks at another tab.

export type RecordingSources = {
  /** This side's picture: the camera, or the screen while it is shared. */
  localVideo: MediaStream | null
  localAudio: MediaStreamTrack | null
  /** The other party's video and voice. */
  remote: MediaStream | null
  /** This side shares its screen: it fills the picture, with no inset. */
  sharingScreen: boolean
}

export type CallRecorder = {
  readonly mimeType: string
  /** New streams or tracks of the call (a reconnection, a switched device, a shared screen). */
  update(sources: RecordingSources): void
  /** Stops recording; resolves after MediaRecorder has handed over its last chunk. */
  stop(): Promise<void>
}

const WIDTH = 1280
const HEIGHT = 720
const FRAMES_PER_SECOND = 15
/** How much each chunk holds: a lost tab loses at most this much. */
export const CHUNK_MS = 4000
const VIDEO_BITS_PER_SECOND = 1_000_000
const AUDIO_BITS_PER_SECOND = 64_000
/** The audio-only track: speech, for a transcription; an hour stays well under 25 MB. */
const SPEECH_BITS_PER_SECOND = 32_000
const AUDIO_ONLY_TYPE = 'audio/webm;codecs=opus'

const MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm']

/** The WebM type this browser records, or null (Safari records MP4 only: no recording there). */
export function recordingMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null
  return MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null
}

function hiddenVideo(): HTMLVideoElement {
  const video = document.createElement('video')
  video.muted = true
  video.playsInline = true
  return video
}

function attach(video: HTMLVideoElement, stream: MediaStream | null) {
  if (video.srcObject === stream) return
  video.srcObject = stream
  if (stream) void video.play().catch(() => undefined)
}

/** Draws `video` into the box, keeping its proportions (black bars where they differ). */
function drawContained(
  context: CanvasRenderingContext2D,
  video: HTMLVideoElement,
  box: { x: number; y: number; w: number; h: number },
) {
  const { videoWidth: vw, videoHeight: vh } = video
  if (!vw || !vh || video.readyState < 2) return false
  const scale = Math.min(box.w / vw, box.h / vh)
  const w = vw * scale
  const h = vh * scale
  context.drawImage(video, box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)
  return true
}

/** Whether `stream` has a camera or screen track that is live and on. */
export const liveVideo = (stream: MediaStream | null) =>
  stream?.getVideoTracks().some((track) => track.readyState === 'live' && track.enabled) ?? false

/** The audio-only track's chunks, and what to do when it stops on its own (the video goes on). */
export type AudioTrackHandlers = { onChunk: (bytes: Blob) => void; onError: (error: unknown) => void }

/** The audio-only recorder of the mixed voices, or null where the browser cannot record Opus alone. */
function startAudioTrack(track: MediaStreamTrack | undefined, handlers: AudioTrackHandlers | undefined) {
  if (!track || !handlers || !MediaRecorder.isTypeSupported(AUDIO_ONLY_TYPE)) return null
  const recorder = new MediaRecorder(new MediaStream([track]), {
    mimeType: AUDIO_ONLY_TYPE,
    audioBitsPerSecond: SPEECH_BITS_PER_SECOND,
  })
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) handlers.onChunk(event.data)
  }
  recorder.onerror = (event) => handlers.onError(event)
  recorder.start(CHUNK_MS)
  return recorder
}

/** Resolves once `recorder` has stopped and handed over its last chunk. */
function stopped(recorder: MediaRecorder | null): Promise<void> {
  if (!recorder || recorder.state === 'inactive') return Promise.resolve()
  return new Promise<void>((resolve) => {
    recorder.addEventListener('stop', () => resolve(), { once: true })
    recorder.stop()
  })
}

export function startCallRecorder(
  sources: RecordingSources,
  onChunk: (bytes: Blob) => void,
  onError: (error: unknown) => void,
  audioTrack?: AudioTrackHandlers,
): CallRecorder {
  const mimeType = recordingMimeType()
  if (!mimeType) throw new Error('This browser cannot record WebM')
  const canvas = document.createElement('canvas')
  canvas.width = WIDTH
  canvas.height = HEIGHT
  const context = canvas.getContext('2d')
  if (!context) throw new Error('No 2D canvas')
  const local = hiddenVideo()
  const remote = hiddenVideo()
  let current = sources

  const draw = () => {
    context.fillStyle = '#1a1b1e'
    context.fillRect(0, 0, WIDTH, HEIGHT)
    const full = { x: 0, y: 0, w: WIDTH, h: HEIGHT }
    if (current.sharingScreen) {
      drawContained(context, local, full)
      return
    }
    if (liveVideo(current.remote)) drawContained(context, remote, full)
    if (liveVideo(current.localVideo)) {
      const w = WIDTH / 4
      const h = HEIGHT / 4
      const inset = { x: WIDTH - w - 16, y: HEIGHT - h - 16, w, h }
      context.fillStyle = '#000'
      context.fillRect(inset.x, inset.y, inset.w, inset.h)
      drawContained(context, local, inset)
    }
  }

  // Both voices into one track.
  const audio = new AudioContext()
  const mix = audio.createMediaStreamDestination()
  const voices = new Map<string, MediaStreamAudioSourceNode>()
  const connectVoices = (tracks: MediaStreamTrack[]) => {
    const wanted = new Set(tracks.map((track) => track.id))
    for (const [id, node] of voices) {
      if (wanted.has(id)) continue
      node.disconnect()
      voices.delete(id)
    }
    for (const track of tracks) {
      if (voices.has(track.id)) continue
      const node = audio.createMediaStreamSource(new MediaStream([track]))
      node.connect(mix)
      voices.set(track.id, node)
    }
  }
  const audioTracks = (s: RecordingSources) => [
    ...(s.localAudio ? [s.localAudio] : []),
    ...(s.remote?.getAudioTracks() ?? []),
  ]

  const apply = (next: RecordingSources) => {
    current = next
    attach(local, next.localVideo)
    attach(remote, next.remote)
    connectVoices(audioTracks(next))
  }
  apply(sources)
  void audio.resume().catch(() => undefined)

  const [picture] = canvas.captureStream(FRAMES_PER_SECOND).getVideoTracks()
  const stream = new MediaStream([...(picture ? [picture] : []), ...mix.stream.getAudioTracks()])
  const recorder = new MediaRecorder(stream, {
    mimeType,
    videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
    audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
  })
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) onChunk(event.data)
  }
  recorder.onerror = (event) => onError(event)
  const timer = setInterval(draw, 1000 / FRAMES_PER_SECOND)
  draw()
  recorder.start(CHUNK_MS)
  const voicesOnly = startAudioTrack(mix.stream.getAudioTracks()[0], audioTrack)

  const release = () => {
    clearInterval(timer)
    for (const node of voices.values()) node.disconnect()
    voices.clear()
    void audio.close().catch(() => undefined)
    picture?.stop()
    attach(local, null)
    attach(remote, null)
  }

  return {
    mimeType,
    update: apply,
    async stop() {
      // Both recorders hand over their last chunks before the sources are let go.
      await Promise.all([stopped(recorder), stopped(voicesOnly)])
      release()
    },
  }
}
