import { useLingui } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import { IconPlayerRecordFilled, IconPlayerStopFilled } from '@tabler/icons-react'
import { ControlButton } from '../../ui/control-button.tsx'
import { useRecordingState } from './room-recording.tsx'

// The recording's problem and the teacher's record / stop control, placed by the room (the
// one-to-one room's and the group room's toolbars).

/** Why recording failed, until dismissed (the texts of product-rules.md "Errors"). */
export function RecordingProblem() {
  const { t } = useLingui()
  const { problem, dismiss } = useRecordingState()
  if (!problem) return null
  return (
    <Alert
      color="red"
      variant="light"
      withCloseButton
      onClose={dismiss}
      closeButtonLabel={t`Zamknij`}
      role="alert"
    >
      {t(problem)}
    </Alert>
  )
}

/** The teacher's record / stop control of the toolbar (nothing for the student). */
export function RecordingControl() {
  const { t } = useLingui()
  const { role, active, busy, start, stop } = useRecordingState()
  if (role !== 'teacher') return null
  const recording = active !== null
  const icon = { size: 22, 'aria-hidden': true } as const
  return (
    <ControlButton
      label={recording ? t`Zatrzymaj nagrywanie` : t`Nagrywaj lekcję`}
      short={recording ? t`Zatrzymaj` : t`Nagrywaj`}
      danger={recording}
      pressed={recording}
      loading={busy}
      onClick={recording ? stop : start}
      icon={
        recording ? <IconPlayerStopFilled {...icon} /> : <IconPlayerRecordFilled {...icon} color="#ff6b6b" />
      }
      data-testid="record-control"
    />
  )
}
