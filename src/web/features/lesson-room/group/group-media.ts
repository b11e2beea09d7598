import type { GroupClientMessage, GroupParticipant, JanusTicket } from '../../../../domain/api/group-room.ts'
import type {
  JanusRoomToken,
  MeshRoomToken,
  RoomClientMessage,
  SignalData,
  VonageGroupRoomToken,
} from '../../../../domain/api/room.ts'
import type { MediaKind } from '../call/peer-link.ts'
import type { TileSize } from './group-room-model.ts'

// What carries the group room's media, whichever it is: the group server (Janus's VideoRoom) or
// the mesh (a peer connection per pair). The group call drives it from the room's socket and reads
// back each participant's streams.

/** The media as a whole: coming up the first time, flowing, or coming back after a drop. */
export type GroupMediaState = 'connecting' | 'live' | 'reconnecting'

/** What this page receives of one other participant. */
export type RemoteMedia = {
  /** Camera and microphone. */
  stream: MediaStream | null
  screen: MediaStream | null
  /** Their media reach this page now. */
  live: boolean
  speaking: boolean
}

/** This page's own media the group media sends. */
export type SentTracks = { audio: MediaStreamTrack | null; video: MediaStreamTrack | null }

export type GroupMedia = {
  readonly state: GroupMediaState
  /** This page's user is speaking (as the group server hears it); false when unknown. */
  readonly speaking: boolean
  remote(participant: GroupParticipant): RemoteMedia | null
  start(): void
  /**
   * The participants present now, and those who (re)appeared just now: the mesh opens, renews
   * and closes its peer connections by them.
   */
  participants(list: GroupParticipant[], arrived: readonly string[]): void
  /** A ticket into the VideoRoom, answered on the room's socket. */
  ticket(ticket: JanusTicket): void
  /** A mesh signal from another participant. */
  signal(from: string, data: SignalData): void
  setTrack(kind: MediaKind, track: MediaStreamTrack | null): Promise<void>
  /** The microphone was muted or unmuted (its track's `enabled`): for media that send a copy of it. */
  microphone(on: boolean): void
  setScreen(track: MediaStreamTrack | null): Promise<void>
  setTileSize(participant: GroupParticipant, size: TileSize): void
  close(): void
}

/** The room tokens of a group meeting, one per kind of media. */
export type GroupToken = JanusRoomToken | MeshRoomToken | VonageGroupRoomToken
/** What the group call sends on the room's socket. */
export type Outgoing = GroupClientMessage | RoomClientMessage

/** How the call makes its media (the group server's or the mesh), given the socket to signal on. */
export type MediaFactory = (token: GroupToken, call: MediaHooks) => GroupMedia
export type MediaHooks = {
  send: (frame: Outgoing) => boolean
  tracks: () => {
    audio: MediaStreamTrack | null
    video: MediaStreamTrack | null
    screen: MediaStreamTrack | null
  }
  onChange: () => void
}
