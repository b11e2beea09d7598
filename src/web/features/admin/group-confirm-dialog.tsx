import { Button, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { DialogActions } from './dialog-actions.tsx'
import { groupClassProblem } from './group-class-problems.ts'

type Props = {
  title: string
  children: ReactNode
  confirm: ReactNode
  pending: boolean
  error: unknown
  onConfirm: () => void
  onClose: () => void
}

/** A group class's change asked once more (cancel a meeting, the rest, take a student out); the refusal stays. */
export function GroupConfirmDialog({ title, children, confirm, pending, error, onConfirm, onClose }: Props) {
  const close = () => {
    if (!pending) onClose()
  }
  return (
    <AppDialog opened onClose={close} title={title} closeDisabled={pending}>
      <Stack gap="sm">
        <Text size="sm">{children}</Text>
        <DialogActions problem={groupClassProblem(error)} pending={pending} onCancel={close}>
          <Button color="red" loading={pending} onClick={onConfirm} data-autofocus>
            {confirm}
          </Button>
        </DialogActions>
      </Stack>
    </AppDialog>
  )
}
