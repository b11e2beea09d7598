import type { MessageDescriptor } from '@lingui/core'
import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import type { MediaKind } from './call/peer-link.ts'
import { PreJoin } from './pre-join.tsx'
import type { LessonChat } from './use-lesson-chat.ts'
import { useLocalPreview } from './use-local-preview.ts'

type Props = {
  lesson: Lesson
  role: Role
  chat: LessonChat
  onJoin: (tracks: Partial<Record<MediaKind, MediaStreamTrack | null>>) => Promise<boolean>
  joining: boolean
  joinError: MessageDescriptor | null
}

/** The pre-join check with its own media, which it hands to the call on Join. */
export function Lobby({ onJoin, ...props }: Props) {
  const preview = useLocalPreview()
  const join = async () => {
    if (!(await onJoin(preview.take()))) preview.giveBack()
  }
  return <PreJoin {...props} preview={preview} onJoin={() => void join()} />
}
