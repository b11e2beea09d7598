// What other modules may use of room (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { markLearncube, setVideoProvider } from './provider-ops.ts'
export { assertRoomOpen, closesAt, findPartyLesson, opensAt, type RoomLesson } from './room-access.ts'
export { lessonProvider } from './token-service.ts'
export { knownLessonSession, lessonSession } from './video-sessions-repository.ts'
export type { VonageVideo } from './vonage.ts'
