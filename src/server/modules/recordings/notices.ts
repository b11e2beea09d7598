import type { RecordingNotice } from '../../../domain/api/room.ts'
import type { Db } from '../../db/client.ts'
import { meetingOfPlace } from './group-archives-repository.ts'

// Where a recording's notices go (docs/lesson-room-protocol.md §6 "The room is told"): the lesson's
// room, and for a group meeting's place the meeting's room, where every party of the meeting is.

type Broadcast = { broadcastRecording(id: string, notice: RecordingNotice): void }

export function recordingNotices(db: Db, hubs: { room: Broadcast; group: Broadcast }) {
  return async (lessonId: string, notice: RecordingNotice): Promise<void> => {
    hubs.room.broadcastRecording(lessonId, notice)
    const meetingId = await meetingOfPlace(db, lessonId)
    if (meetingId) hubs.group.broadcastRecording(meetingId, notice)
  }
}
