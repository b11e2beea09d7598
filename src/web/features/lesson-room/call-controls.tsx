import { useLingui } from '@lingui/react/macro'
import { Group } from '@mantine/core'
import { IconFiles, IconPhoneOff, IconUserX } from '@tabler/icons-react'
import type { ReactNode, Ref } from 'react'
import { ControlButton } from '../../ui/control-button.tsx'
import type { CallSnapshot } from './call/call-session.ts'
import type { MediaKind } from './call/peer-link.ts'
import { ChatControl, controlIcon as icon, type MediaActions, MediaControls } from './room-controls.tsx'

export type ControlActions = MediaActions & {
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
 * The call's toolbar: microphone, camera, devices, screen, (the recording), chat, materials,
 * absence, leave. The row wraps rather than hiding controls behind a menu (decisions.md "The room's
 * toolbar on touch screens").
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
  return (
    <Group justify="center" gap="xs" wrap="wrap" role="toolbar" aria-label={t`Sterowanie rozmową`}>
      <MediaControls
        microphone={call.microphoneOn}
        camera={call.cameraOn}
        sharingScreen={call.sharingScreen}
        actions={actions}
        devices={devices}
        canShareScreen={canShareScreen}
      />
      {recordControl}
      <ChatControl open={chatOpen} unread={unread} onToggle={actions.toggleChat} />
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
