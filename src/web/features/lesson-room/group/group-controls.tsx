import { useLingui } from '@lingui/react/macro'
import { Group } from '@mantine/core'
import { IconFiles, IconHandStop, IconPhoneOff } from '@tabler/icons-react'
import type { ReactNode, Ref } from 'react'
import type { Role } from '../../../../domain/api/common.ts'
import { ControlButton } from '../../../ui/control-button.tsx'
import type { MediaKind } from '../call/peer-link.ts'
import { ChatControl, controlIcon as icon, type MediaActions, MediaControls } from '../room-controls.tsx'
import type { GroupMember } from './group-room-model.ts'

export type GroupControlActions = MediaActions & {
  toggleHand: () => void
  toggleChat: () => void
  openMaterials: () => void
  leave: () => void
}

type Props = {
  me: GroupMember
  role: Role
  actions: GroupControlActions
  devices: Record<MediaKind, string | undefined>
  canShareScreen: boolean
  chatOpen: boolean
  unread: number
  /** The microphone's toggle: the focus goes there from the "muted by the teacher" notice. */
  microphoneRef?: Ref<HTMLButtonElement>
  /** The recording's control (the teacher's record / stop), before leaving. */
  recording?: ReactNode
}

/**
 * The group room's toolbar, in the one-to-one room's controls: microphone, camera, devices, the
 * teacher's screen or the student's hand, chat, materials, leave.
 */
export function GroupControls({
  me,
  role,
  actions,
  devices,
  canShareScreen,
  chatOpen,
  unread,
  microphoneRef,
  recording,
}: Props) {
  const { t } = useLingui()
  return (
    <Group justify="center" gap="xs" wrap="wrap" role="toolbar" aria-label={t`Sterowanie zajęciami`}>
      <MediaControls
        microphoneRef={microphoneRef}
        microphone={me.microphone}
        camera={me.camera}
        sharingScreen={me.screen !== null}
        actions={actions}
        devices={devices}
        canShareScreen={role === 'teacher' && canShareScreen}
      />
      {role === 'student' && (
        <ControlButton
          // A toggle named by its state (pressed while the hand is up), as the microphone's.
          label={t`Podniesiona ręka`}
          short={t`Ręka`}
          tooltip={me.hand_raised ? t`Opuść rękę` : t`Podnieś rękę`}
          pressed={me.hand_raised}
          onClick={actions.toggleHand}
          // Up: the tiles' yellow hand, so the raised state shows on the control as well as in words.
          icon={
            <IconHandStop {...icon} color={me.hand_raised ? 'var(--mantine-color-yellow-4)' : undefined} />
          }
        />
      )}
      <ChatControl open={chatOpen} unread={unread} onToggle={actions.toggleChat} />
      <ControlButton
        label={t`Materiały do zajęć`}
        short={t`Materiały`}
        onClick={actions.openMaterials}
        icon={<IconFiles {...icon} />}
      />
      {recording}
      <ControlButton
        label={t`Opuść zajęcia`}
        short={t`Opuść`}
        danger
        onClick={actions.leave}
        icon={<IconPhoneOff {...icon} />}
      />
    </Group>
  )
}
