import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Text } from '@mantine/core'
import type { Role } from '../../../domain/api/common.ts'
import {
  type AudioTrackHandlers,
  type GroupRecordingMember,
  type RecordingSources,
  startCallRecorder,
  startGroupRecorder,
} from './call-recorder.ts'
import { recordedMembers, unrecordedMembers } from './group-layout.ts'

// A group meeting's recording in the room (docs/decisions.md "Recording a group meeting"): the
// teacher's browser records the students named at the start (those who agreed to voice recording)
// and leaves the others out; the teacher sees whom it leaves out, and such a student is told.

/** What the group room tells its recording: who is present, with their streams. */
export type GroupRecordingCall = {
  /** This page's user. */
  me: string
  members: (GroupRecordingMember & { role: Role })[]
}

/** The recorder of the room: the pair's picture, or the group's grid of the recorded members. */
export type RoomRecorder = {
  /** The call's streams changed (a member came or went, a device, a shared screen). */
  follow(call: RecordingSources, group: GroupRecordingCall | undefined): void
  stop(): Promise<void>
}

export function startRoomRecorder(
  call: RecordingSources,
  group: { call: GroupRecordingCall; recorded: readonly string[] } | null,
  handlers: { onChunk: (bytes: Blob) => void; onError: (error: unknown) => void; audio: AudioTrackHandlers },
): RoomRecorder {
  if (group) {
    const recorded = group.recorded
    const members = (of: GroupRecordingCall) => ({ members: recordedMembers(of.members, recorded) })
    const recorder = startGroupRecorder(members(group.call), handlers.onChunk, handlers.onError)
    return {
      follow: (_, next) => {
        if (next) recorder.update(members(next))
      },
      stop: () => recorder.stop(),
    }
  }
  const recorder = startCallRecorder(call, handlers.onChunk, handlers.onError, handlers.audio)
  return { follow: (next) => recorder.update(next), stop: () => recorder.stop() }
}

/**
 * Beside the recording's badge in a group room: the teacher sees which students present are left
 * out; a student left out reads that they are not recorded. Nothing while it is not known yet.
 */
export function GroupRecordingNotice({
  group,
  recorded,
  role,
}: {
  group: GroupRecordingCall
  recorded: readonly string[] | null
  role: Role
}) {
  const { t } = useLingui()
  if (!recorded) return null
  if (role === 'student') {
    if (recorded.includes(group.me)) return null
    return (
      <Badge color="gray.6" variant="filled" size="lg" radius="sm" data-testid="recording-not-me">
        {t`Twój obraz i głos nie są nagrywane`}
      </Badge>
    )
  }
  const left = unrecordedMembers(group.members, recorded)
  if (left.length === 0) return null
  const who = left.map((member) => member.name).join(', ')
  return (
    <Text size="sm" c="gray.3" data-testid="recording-left-out">
      <Trans>Poza nagraniem (bez zgody na nagrywanie): {who}</Trans>
    </Text>
  )
}
