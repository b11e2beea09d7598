import '@mantine/core/styles/Indicator.css'
import { useLingui } from '@lingui/react/macro'
import { Group, Indicator } from '@mantine/core'
import {
  IconFiles,
  IconMessageCircle,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconUserX,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react'
import type { ReactNode, Ref } from 'react'
import { ControlButton } from '../../ui/control-button.tsx'
import type { CallSnapshot } from './call/call-session.ts'
import type { MediaKind } from './call/peer-link.ts'
import { DeviceMenu } from './device-menu.tsx'

export type ControlActions = {
  toggleMicrophone: () => void
  toggleCamera: () => void
  toggleScreenShare: () => void
  switchDevice: (kind: MediaKind, deviceId: string) => void
  toggleChat: () => void
  openMaterials: () => void
  reportAbsence: () => void
  leave: () => void
}

type Props = {
  call: CallSnapshot
  actions: ControlActions
  devices: Record<MediaKind, string | undefined>
  canShareScreen: boolean
  chatOpen: boolean
  unread: number
  canReportAbsence: boolean
  leaveRef: Ref<HTMLButtonElement>
  /** The teacher's record control, rendered by the recording. */
  recordControl?: ReactNode
}

/**
 * The call's toolbar: microphone, camera, devices, screen, (the room's media), chat, materials,
 * absence, leave. Each control has a glyph of its own and, on phones, its short name under it; the
 * row wraps rather than hiding controls behind a menu (decisions.md "The room's toolbar on touch
 * screens").
 */
export function CallControls({
  call,
  actions,
  devices,
  canShareScreen,
  chatOpen,
  unread,
  canReportAbsence,
  leaveRef,
  recordControl,
}: Props) {
  const { t } = useLingui()
  const icon = { size: 22, 'aria-hidden': true } as const
  return (
    <Group justify="center" gap="xs" wrap="wrap" role="toolbar" aria-label={t`Sterowanie rozmową`}>
      <ControlButton
        label={t`Mikrofon`}
        short={t`Mikrofon`}
        tooltip={call.microphoneOn ? t`Wycisz mikrofon` : t`Włącz mikrofon`}
        pressed={call.microphoneOn}
        danger={!call.microphoneOn}
        onClick={actions.toggleMicrophone}
        icon={call.microphoneOn ? <IconMicrophone {...icon} /> : <IconMicrophoneOff {...icon} />}
      />
      <ControlButton
        label={t`Kamera`}
        short={t`Kamera`}
        tooltip={call.cameraOn ? t`Wyłącz kamerę` : t`Włącz kamerę`}
        pressed={call.cameraOn}
        danger={!call.cameraOn}
        onClick={actions.toggleCamera}
        icon={call.cameraOn ? <IconVideo {...icon} /> : <IconVideoOff {...icon} />}
      />
      <DeviceMenu current={devices} onSwitch={actions.switchDevice} />
      {canShareScreen && (
        <ControlButton
          // A toggle named by its action (pressed while sharing): the short name is one of its words.
          label={t`Udostępnij ekran`}
          short={t`Ekran`}
          tooltip={call.sharingScreen ? t`Zakończ udostępnianie ekranu` : undefined}
          pressed={call.sharingScreen}
          onClick={actions.toggleScreenShare}
          icon={call.sharingScreen ? <IconScreenShareOff {...icon} /> : <IconScreenShare {...icon} />}
        />
      )}
      {recordControl}
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
        label={t`Materiały do lekcji`}
        short={t`Materiały`}
        onClick={actions.openMaterials}
        icon={<IconFiles {...icon} />}
      />
      {canReportAbsence && (
        <ControlButton
          label={t`Zgłoś nieobecność`}
          short={t`Nieobecność`}
          onClick={actions.reportAbsence}
          icon={<IconUserX {...icon} />}
        />
      )}
      <ControlButton
        ref={leaveRef}
        label={t`Opuść lekcję`}
        short={t`Opuść`}
        danger
        onClick={actions.leave}
        icon={<IconPhoneOff {...icon} />}
      />
    </Group>
  )
}
