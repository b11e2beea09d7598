import '@mantine/core/styles/Indicator.css'
import { useLingui } from '@lingui/react/macro'
import { Group, Indicator } from '@mantine/core'
import {
  IconFiles,
  IconHandStop,
  IconMessageCircle,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react'
import type { ReactNode, Ref } from 'react'
import type { Role } from '../../../../domain/api/common.ts'
import { ControlButton } from '../../../ui/control-button.tsx'
import type { MediaKind } from '../call/peer-link.ts'
import { DeviceMenu } from '../device-menu.tsx'
import type { GroupMember } from './group-room-model.ts'

export type GroupControlActions = {
  toggleMicrophone: () => void
  toggleCamera: () => void
  switchDevice: (kind: MediaKind, deviceId: string) => void
  toggleScreenShare: () => void
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
  const icon = { size: 22, 'aria-hidden': true } as const
  const sharing = me.screen !== null
  return (
    <Group justify="center" gap="xs" wrap="wrap" role="toolbar" aria-label={t`Sterowanie zajęciami`}>
      <ControlButton
        ref={microphoneRef}
        label={t`Mikrofon`}
        short={t`Mikrofon`}
        tooltip={me.microphone ? t`Wycisz mikrofon` : t`Włącz mikrofon`}
        pressed={me.microphone}
        danger={!me.microphone}
        onClick={actions.toggleMicrophone}
        icon={me.microphone ? <IconMicrophone {...icon} /> : <IconMicrophoneOff {...icon} />}
      />
      <ControlButton
        label={t`Kamera`}
        short={t`Kamera`}
        tooltip={me.camera ? t`Wyłącz kamerę` : t`Włącz kamerę`}
        pressed={me.camera}
        danger={!me.camera}
        onClick={actions.toggleCamera}
        icon={me.camera ? <IconVideo {...icon} /> : <IconVideoOff {...icon} />}
      />
      <DeviceMenu current={devices} onSwitch={actions.switchDevice} />
      {role === 'teacher' && canShareScreen && (
        <ControlButton
          label={t`Udostępnij ekran`}
          short={t`Ekran`}
          tooltip={sharing ? t`Zakończ udostępnianie ekranu` : undefined}
          pressed={sharing}
          onClick={actions.toggleScreenShare}
          icon={sharing ? <IconScreenShareOff {...icon} /> : <IconScreenShare {...icon} />}
        />
      )}
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
      <Indicator disabled={unread === 0 || chatOpen} label={unread} size={18} color="orange" offset={6}>
        <ControlButton
          label={t`Czat`}
          short={t`Czat`}
          tooltip={chatOpen ? t`Ukryj czat` : t`Pokaż czat`}
          pressed={chatOpen}
          onClick={actions.toggleChat}
          icon={<IconMessageCircle {...icon} />}
        />
      </Indicator>
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
