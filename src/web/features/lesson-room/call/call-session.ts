import type {
  CancelledBy,
  ChatMessage,
  LessonInteractionKind,
  MediaState,
  RecordingNotice,
  RoomToken,
  VoiceClipNotice,
} from '../../../../domain/api/room.ts'
import type { CallStats } from './call-stats.ts'
import type { MediaKind } from './peer-link.ts'

// What the room's screen sees of a call, whichever provider carries it (protocol §1: `builtin`,
// and `vonage`, behind the same interface).

export type CallPhase =
  /** First connection to the room. */
  | 'connecting'
  /** In the room, the other party is not. */
  | 'waiting'
  /** Both in the room; media is being (re)negotiated. */
  | 'joining'
  | 'connected'
  /** This side's socket or the media dropped; the call comes back by itself. */
  | 'reconnecting'
  /** The other party's connection dropped (no media for 2 s, or its socket went without a goodbye). */
  | 'peer-reconnecting'
  /** The other party left the lesson on purpose (it may still come back). */
  | 'peer-left'
  | 'ended'

export type CallEnd = 'left' | 'window_ended' | 'replaced' | 'refused' | 'cancelled'

/** The other party as this side knows it. */
export type RemoteParty = {
  presence: 'absent' | 'present' | 'left' | 'lost'
  /** What it last said of its microphone, camera and screen; null until it has. */
  media: MediaState | null
}

export type Cancellation = { by: CancelledBy; reason: string | null }

export type CallSnapshot = {
  phase: CallPhase
  end: CallEnd | null
  /** What the token request answered when it refused (an ApiError), for the message. */
  refusal: unknown
  /** Who cancelled the lesson during the call and why (end `cancelled`). */
  cancellation: Cancellation | null
  remote: RemoteParty
  localStream: MediaStream | null
  /** This side's microphone (muted or not): what a recording of the call mixes in. */
  localAudio: MediaStreamTrack | null
  remoteStream: MediaStream | null
  microphoneOn: boolean
  cameraOn: boolean
  sharingScreen: boolean
  stats: CallStats | null
  closesAt: string | null
}

export type CallSession = {
  getSnapshot(): CallSnapshot
  subscribe(listener: () => void): () => void
  join(): void
  leave(): void
  setMicrophone(on: boolean): Promise<void>
  setCamera(on: boolean): Promise<void>
  switchDevice(kind: MediaKind, deviceId: string): Promise<void>
  /** Resolves false when the browser cannot share a screen or the person cancelled. */
  startScreenShare(): Promise<boolean>
  stopScreenShare(): Promise<void>
}

/** What a provider needs from the page around it. */
export type CallContext = {
  lessonId: string
  /**
   * The signed-in session's token: the socket proves it (decisions.md "The room's trust:
   * session-bound sockets, database-announced endings").
   */
  session: () => string | null
  /**
   * A fresh token (protocol §1: asked for at every (re)connection, never stored); throws
   * RoomRefused for answers that will not change (404, 422). `signal` aborts a request the
   * reconnecting socket has given up on.
   */
  fetchToken: (signal?: AbortSignal) => Promise<RoomToken>
  /** Records what happens in the room (protocol §4 interactions). */
  report: (kind: LessonInteractionKind) => void
  /** A chat message was stored (protocol §3), pushed through the socket. */
  onChat: (message: ChatMessage) => void
  /** The socket is in the room again: what it missed meanwhile is fetched. */
  onWelcome: () => void
  /** The lesson's recording started, switched or stopped (protocol §6). */
  onRecording: (notice: RecordingNotice) => void
  /** The student kept a voice clip (the room lists it, the teacher is told). */
  onVoiceClip: (notice: VoiceClipNotice) => void
  /** The tracks the lobby prepared (either may be missing: audio only, no device). */
  tracks: Partial<Record<MediaKind, MediaStreamTrack | null>>
  devices: MediaDevicesLike
}

/** The part of navigator.mediaDevices the call uses. */
export type MediaDevicesLike = {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>
  getDisplayMedia?: (options?: DisplayMediaStreamOptions) => Promise<MediaStream>
}
