import { useMemo } from 'react'
import type { RoomRecordingCall, RoomRecordingGroup } from '../call-room.tsx'
import type { GroupMember } from './group-room-model.ts'

// What the group room hands its recording (features/recordings, through RoomRecordingParts): the
// members present with their streams, of which the recording draws those it names, and this page's
// own camera and screen (the recording shows "screen" while the teacher shares one).

export function useGroupRecordingCall(
  me: GroupMember,
  members: GroupMember[],
): { call: RoomRecordingCall; group: RoomRecordingGroup } {
  const group = useMemo(
    () => ({
      me: me.user_id,
      members: members.map(({ user_id, name, role, stream, screen }) => ({
        user_id,
        name,
        role,
        stream,
        screen,
      })),
    }),
    [me.user_id, members],
  )
  const call = useMemo(
    () => ({
      localVideo: me.screen ?? me.stream,
      localAudio: me.stream?.getAudioTracks()[0] ?? null,
      remote: null,
      sharingScreen: me.screen !== null,
      remoteSharing: false,
    }),
    [me.screen, me.stream],
  )
  return { call, group }
}
