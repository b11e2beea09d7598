import { useEffect } from 'react'
import type { GroupMember } from './group-room-model.ts'

/**
 * Plays one person's sound in an element of its own (off the page: there is nothing to see or
 * caption here, the room's chat and tiles carry the words and states).
 */
function useMemberAudio(stream: MediaStream) {
  useEffect(() => {
    const audio = new Audio()
    audio.autoplay = true
    audio.srcObject = stream
    void audio.play().catch(() => undefined) // autoplay may wait for a gesture
    return () => {
      audio.pause()
      audio.srcObject = null
    }
  }, [stream])
}

function MemberAudio({ stream }: { stream: MediaStream }) {
  useMemberAudio(stream)
  return null
}

/**
 * Everyone's sound but one's own, apart from the tiles: a tile moving between the grid, the strip
 * and the large place is drawn anew, and its sound would stop for a moment each time.
 */
export function GroupAudio({ members }: { members: GroupMember[] }) {
  return members.map((member) =>
    !member.isMe && member.stream ? <MemberAudio key={member.user_id} stream={member.stream} /> : null,
  )
}
