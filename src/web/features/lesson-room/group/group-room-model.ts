import type { GroupParticipant } from '../../../../domain/api/group-room.ts'
import type { MediaKind } from '../call/peer-link.ts'
import type { LessonChat } from '../use-lesson-chat.ts'

// What the group room's screen draws and what it can ask for: made by the group call (the room's
// socket and the group server's media), drawn by the grid, the speaker view and the controls.

/** The room's link as a whole: the socket and the media together. */
export type GroupConnection = 'connecting' | 'live' | 'reconnecting' | 'failed'

/**
 * One person in the room with what the page can draw of them. Their `screen` is the shared screen's
 * stream itself (the participant's boolean would not intersect with it).
 */
export type GroupMember = Omit<GroupParticipant, 'screen'> & {
  isMe: boolean
  /** Camera and microphone (this page's own preview for `isMe`); null until they arrive. */
  stream: MediaStream | null
  /** Their shared screen, while they share it. */
  screen: MediaStream | null
  /** Speaking now (the group server's or this page's audio level), for the highlight. */
  speaking: boolean
  /** This person's media: arriving, flowing, or coming back after a drop. */
  media: 'connecting' | 'live' | 'reconnecting'
}

/** Why the room ended for this page. */
export type GroupRoomEnd =
  | { reason: 'window_ended' | 'removed' | 'left' }
  | { reason: 'cancelled'; by: 'teacher' | 'school'; message: string | null }

/** How large the page draws a member's video: the group server sends the matching layer. */
export type TileSize = 'small' | 'large'

export type GroupRoomModel = {
  connection: GroupConnection
  /** Everyone present, this page's user included: the teacher first, then by name. */
  members: GroupMember[]
  /** The member who is this page's user. */
  me: GroupMember
  ended: GroupRoomEnd | null
  /** When the room closes (the join window's end), once the socket has said; for the time-up bar. */
  closesAt?: string | null
  /** The mesh stands in for the group server (a small class, no group server configured). */
  mesh: boolean
  chat: LessonChat
  setMicrophone(on: boolean): Promise<void>
  setCamera(on: boolean): Promise<void>
  switchDevice(kind: MediaKind, deviceId: string): Promise<void>
  /** The teacher only. */
  shareScreen(on: boolean): Promise<void>
  /** A student only. */
  raiseHand(raised: boolean): void
  /** The teacher only: turns a student's microphone off (the student may turn it on again). */
  mute(userId: string): void
  /** The teacher only. */
  lowerHands(): void
  /** The teacher only: the student leaves and cannot rejoin this meeting. */
  remove(userId: string): void
  /** Which layer each member's tile needs (simulcast). */
  setTileSize(userId: string, size: TileSize): void
  leave(): void
}
