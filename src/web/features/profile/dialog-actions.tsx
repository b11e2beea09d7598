import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { Button, Group, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'

type Props = {
  onCancel: () => void
  pending: boolean
  failure: MessageDescriptor | null
  /** The confirm button is off (rules such as "all four fields needed": product-rules.md "Validation"). */
  disabled?: boolean
  /**
   * Looks and acts disabled but stays in the tab order (EditPassword: disabled while a field is
   * focused, product-rules.md "Passwords"). Moving focus to it leaves the field, which enables it,
   * so keyboard and screen-reader users always meet it enabled; hence no aria-disabled.
   */
  softDisabled?: boolean
  confirmLabel?: ReactNode
}

/** The foot of every edit dialog: the form's failure (if any), Cancel and Confirm. */
export function DialogActions({
  onCancel,
  pending,
  failure,
  disabled = false,
  softDisabled = false,
  confirmLabel,
}: Props) {
  return (
    <Stack gap="sm" mt="xs">
      {failure && (
        <FormError>
          <Message of={failure} />
        </FormError>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          <Trans>Anuluj</Trans>
        </Button>
        <Button
          type="submit"
          loading={pending}
          disabled={disabled}
          data-disabled={softDisabled || undefined}
          onClick={(event) => {
            if (softDisabled) event.preventDefault()
          }}
        >
          {confirmLabel ?? <Trans>Zapisz</Trans>}
        </Button>
      </Group>
    </Stack>
  )
}
