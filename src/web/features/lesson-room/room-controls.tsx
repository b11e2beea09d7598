import '@mantine/core/styles/Indicator.css'
import { useLingui } from '@lingui/react/macro'
import { Indicator } from '@mantine/core'
import {
  IconMessageCircle,
  IconMicrophone,
  IconMicrophoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react'
import type { Ref } from 'react'
import { ControlButton } from '../../ui/control-button.tsx'
import type { MediaKind } from './call/peer-link.ts'
import { DeviceMenu } from './device-menu.tsx'

// The controls the one-to-one room's toolbar and the group room's share. Each has a glyph of its
// own and, on phones, its short name under it (decisions.md "The room's toolbar on touch screens").

export const controlIcon = { size: 22, 'aria-hidden': true } as const

export type MediaActions = {
  toggleMicrophone: () => void
  toggleCamera: () => void
  switchDevice: (kind: MediaKind, deviceId: string) => void
  toggleScreenShare: () => void
}

type MediaProps = {
  microphone: boolean
  camera: boolean
  sharingScreen: boolean
  actions: MediaActions
  devices: Record<MediaKind, string | undefined>
  canShareScreen: boolean
  microphoneRef?: Ref<HTMLButtonElement>
}

/** Microphone, camera, devices and, where this caller may share it, the screen. */
export function MediaControls({
  microphone,
  camera,
  sharingScreen,
  actions,
  devices,
  canShareScreen,
  microphoneRef,
}: MediaProps) {
  const { t } = useLingui()
  const icon = controlIcon
  return (
    <>
      <ControlButton
        ref={microphoneRef}
        label={t`Mikrofon`}
        short={t`Mikrofon`}
        tooltip={microphone ? t`Wycisz mikrofon` : t`Włącz mikrofon`}
        pressed={microphone}
        danger={!microphone}
        onClick={actions.toggleMicrophone}
        icon={microphone ? <IconMicrophone {...icon} /> : <IconMicrophoneOff {...icon} />}
      />
      <ControlButton
        label={t`Kamera`}
        short={t`Kamera`}
        tooltip={camera ? t`Wyłącz kamerę` : t`Włącz kamerę`}
        pressed={camera}
        danger={!camera}
        onClick={actions.toggleCamera}
        icon={camera ? <IconVideo {...icon} /> : <IconVideoOff {...icon} />}
      />
      <DeviceMenu current={devices} onSwitch={actions.switchDevice} />
      {canShareScreen && (
        <ControlButton
          // A toggle named by its action (pressed while sharing): the short name is one of its words.
          label={t`Udostępnij ekran`}
          short={t`Ekran`}
          tooltip={sharingScreen ? t`Zakończ udostępnianie ekranu` : undefined}
          pressed={sharingScreen}
          onClick={actions.toggleScreenShare}
          icon={sharingScreen ? <IconScreenShareOff {...icon} /> : <IconScreenShare {...icon} />}
        />
      )}
    </>
  )
}

/** The chat's toggle, with the count of messages that came while it was closed. */
export function ChatControl({
  open,
  unread,
  onToggle,
}: {
  open: boolean
  unread: number
  onToggle: () => void
}) {
  const { t } = useLingui()
  return (
    <Indicator disabled={unread === 0 || open} label={unread} size={18} color="orange" offset={6}>
      <ControlButton
        label={t`Czat`}
        short={t`Czat`}
        tooltip={open ? t`Ukryj czat` : t`Pokaż czat`}
        pressed={open}
        onClick={onToggle}
        icon={<IconMessageCircle {...controlIcon} />}
      />
    </Indicator>
  )
}
