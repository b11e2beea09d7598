import type { GroupParticipant, GroupServerMessage } from '../../../../domain/api/group-room.ts'

// Who is in the group room as the room's socket tells it. A participant whose connection dropped
// (`lost`, or missing from the welcome after this page's own reconnection) stays, shown as
// reconnecting, until they are back or LOST_FOR_MS has passed: a server restart brings everyone
// back one by one, and nobody should seem to have left meanwhile.

export const LOST_FOR_MS = 60_000

/** A participant with when their connection was lost (null: present). */
export type Present = GroupParticipant & { lostAt: number | null }

const present = (participant: GroupParticipant): Present => ({ ...participant, lostAt: null })

/** The welcome's list; after a reconnection, those this page knew and the welcome lacks are lost. */
export function welcomed(before: Present[], list: GroupParticipant[], now: number): Present[] {
  const listed = new Set(list.map((participant) => participant.user_id))
  const kept = before
    .filter((participant) => !listed.has(participant.user_id))
    .map((participant) => ({ ...participant, lostAt: participant.lostAt ?? now }))
  return [...list.map(present), ...kept]
}

/** The presence after `frame` (frames about anything else leave it as it is). */
export function afterFrame(list: Present[], frame: GroupServerMessage, now: number): Present[] {
  const change = (userId: string, patch: (participant: Present) => Present) =>
    list.map((participant) => (participant.user_id === userId ? patch(participant) : participant))
  switch (frame.type) {
    case 'participant-joined':
      return [...list.filter((one) => one.user_id !== frame.participant.user_id), present(frame.participant)]
    case 'participant-left':
      if (frame.reason === 'lost')
        return change(frame.user_id, (one) => ({ ...one, lostAt: one.lostAt ?? now }))
      return list.filter((one) => one.user_id !== frame.user_id)
    case 'participant-state': {
      const { microphone, camera, screen } = frame
      return change(frame.user_id, (one) => ({
        ...one,
        microphone,
        camera,
        screen,
        // Turning the microphone on again is the student's own answer to the teacher's mute.
        muted_by_teacher: one.muted_by_teacher && !microphone,
      }))
    }
    case 'hand':
      return change(frame.user_id, (one) => ({ ...one, hand_raised: frame.raised }))
    case 'hands-lowered':
      return list.map((one) => ({ ...one, hand_raised: false }))
    case 'muted':
      return change(frame.user_id, (one) => ({ ...one, microphone: false, muted_by_teacher: true }))
    default:
      return list
  }
}

/** Those lost longer than LOST_FOR_MS are taken as gone. */
export function withoutLongLost(list: Present[], now: number): Present[] {
  return list.filter((participant) => participant.lostAt === null || now - participant.lostAt < LOST_FOR_MS)
}

/** The teacher first, then by name. */
export function inRoomOrder<T extends Pick<GroupParticipant, 'role' | 'name'>>(list: T[]): T[] {
  return [...list].sort((a, b) => {
    if (a.role !== b.role) return a.role === 'teacher' ? -1 : b.role === 'teacher' ? 1 : 0
    return a.name.localeCompare(b.name, 'pl')
  })
}
