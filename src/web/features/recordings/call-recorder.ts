import { type Box, groupLayout } from './group-layout.ts'

// Records the lesson call in the teacher's browser: both voices mixed (Web Audio), and one picture
// — the other party's video with this side's camera as an inset, or the shared screen while this
// side shares it; a group meeting's recorded members in a grid (group-layout.ts) — drawn on a
// canvas and encoded by MediaRecorder into WebM. Every few seconds
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

/** A group meeting's recorded members (the consent filter applied: group-layout.ts). */
export type GroupRecordingSources = {
  members: GroupRecordingMember[]
}

export type GroupRecordingMember = {
  user_id: string
  name: string
  /** Camera and microphone (the recording page's own for its user). */
  stream: MediaStream | null
  screen: MediaStream | null
}

export type CallRecorder<S = RecordingSources> = {
  readonly mimeType: string
  /** New streams or tracks of the call (a reconnection, a switched device, a shared screen). */
  update(sources: S): void
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

/** What is drawn and heard: one per layout (a lesson's pair, a group meeting's grid). */
type Scene<S> = {
  /** Takes the call's streams as they are now. */
  apply(sources: S): void
  draw(context: CanvasRenderingContext2D): void
  /** The voices to mix, for `sources`. */
  voices(sources: S): MediaStreamTrack[]
  release(): void
}

function pairScene(): Scene<RecordingSources> {
  const local = hiddenVideo()
  const remote = hiddenVideo()
  let current: RecordingSources | null = null
  return {
    apply(next) {
      current = next
      attach(local, next.localVideo)
      attach(remote, next.remote)
    },
    draw(context) {
      if (!current) return
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
    },
    voices: (s) => [...(s.localAudio ? [s.localAudio] : []), ...(s.remote?.getAudioTracks() ?? [])],
    release() {
      attach(local, null)
      attach(remote, null)
    },
  }
}

/** A member's name on a dark band at the tile's bottom left (centred when there is no picture). */
function drawName(context: CanvasRenderingContext2D, name: string, box: Box, centred: boolean) {
  const size = Math.max(12, Math.min(22, Math.round(box.h / 12)))
  context.font = `600 ${size}px system-ui, sans-serif`
  context.textBaseline = 'middle'
  const width = Math.min(context.measureText(name).width, box.w - 2 * size)
  if (centred) {
    context.fillStyle = '#e9ecef'
    context.textAlign = 'center'
    context.fillText(name, box.x + box.w / 2, box.y + box.h / 2, box.w - 2 * size)
    context.textAlign = 'start'
    return
  }
  const band = { x: box.x + 6, y: box.y + box.h - size * 1.8 - 6, w: width + size, h: size * 1.8 }
  context.fillStyle = 'rgba(0, 0, 0, 0.6)'
  context.fillRect(band.x, band.y, band.w, band.h)
  context.fillStyle = '#fff'
  context.fillText(name, band.x + size / 2, band.y + band.h / 2, width)
}

function groupScene(): Scene<GroupRecordingSources> {
  const cameras = new Map<string, HTMLVideoElement>()
  const screen = hiddenVideo()
  let members: GroupRecordingMember[] = []
  let sharing: GroupRecordingMember | undefined
  return {
    apply(next) {
      members = next.members
      const present = new Set(members.map((member) => member.user_id))
      for (const [id, video] of cameras) {
        if (present.has(id)) continue
        attach(video, null)
        cameras.delete(id)
      }
      for (const member of members) {
        const video = cameras.get(member.user_id) ?? hiddenVideo()
        cameras.set(member.user_id, video)
        attach(video, member.stream)
      }
      sharing = members.find((member) => liveVideo(member.screen))
      attach(screen, sharing?.screen ?? null)
    },
    draw(context) {
      const layout = groupLayout(members.length, sharing !== undefined, WIDTH, HEIGHT)
      if (layout.screen) drawContained(context, screen, layout.screen)
      members.forEach((member, i) => {
        const box = layout.tiles[i]
        const video = cameras.get(member.user_id)
        if (!box || !video) return
        context.fillStyle = '#2c2e33'
        context.fillRect(box.x, box.y, box.w, box.h)
        const drawn = liveVideo(member.stream) && drawContained(context, video, box)
        drawName(context, member.name, box, !drawn)
      })
    },
    voices: (s) => s.members.flatMap((member) => member.stream?.getAudioTracks() ?? []),
    release() {
      for (const video of cameras.values()) attach(video, null)
      cameras.clear()
      attach(screen, null)
    },
  }
}

type Handlers = {
  onChunk: (bytes: Blob) => void
  onError: (error: unknown) => void
  /** The audio-only track's (the lesson recap's); none for a group meeting. */
  audioTrack?: AudioTrackHandlers
}

function record<S>(scene: Scene<S>, sources: S, handlers: Handlers): CallRecorder<S> {
  const mimeType = recordingMimeType()
  if (!mimeType) throw new Error('This browser cannot record WebM')
  const canvas = document.createElement('canvas')
  canvas.width = WIDTH
  canvas.height = HEIGHT
  const context = canvas.getContext('2d', { alpha: false })
  if (!context) throw new Error('No 2D canvas')

  const draw = () => {
    context.fillStyle = '#1a1b1e'
    context.fillRect(0, 0, WIDTH, HEIGHT)
    scene.draw(context)
  }

  // Every voice into one track.
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

  const apply = (next: S) => {
    scene.apply(next)
    connectVoices(scene.voices(next))
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
    if (event.data.size > 0) handlers.onChunk(event.data)
  }
  recorder.onerror = (event) => handlers.onError(event)
  const timer = setInterval(draw, 1000 / FRAMES_PER_SECOND)
  draw()
  recorder.start(CHUNK_MS)
  const voicesOnly = startAudioTrack(mix.stream.getAudioTracks()[0], handlers.audioTrack)

  const release = () => {
    clearInterval(timer)
    for (const node of voices.values()) node.disconnect()
    voices.clear()
    void audio.close().catch(() => undefined)
    picture?.stop()
    scene.release()
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

export function startCallRecorder(
  sources: RecordingSources,
  onChunk: (bytes: Blob) => void,
  onError: (error: unknown) => void,
  audioTrack?: AudioTrackHandlers,
): CallRecorder {
  return record(pairScene(), sources, { onChunk, onError, audioTrack })
}

/**
 * A group meeting's recording: the recorded members' tiles with their names (the teacher's shared
 * screen large beside them) and their voices mixed. No audio-only track: the lesson recap is a
 * one-to-one lesson's.
 */
export function startGroupRecorder(
  sources: GroupRecordingSources,
  onChunk: (bytes: Blob) => void,
  onError: (error: unknown) => void,
): CallRecorder<GroupRecordingSources> {
  return record(groupScene(), sources, { onChunk, onError })
}
