import { Trans } from '@lingui/react/macro'
import { Button, Stack } from '@mantine/core'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'

/** A screen's data did not come: what went wrong, and a retry. */
export function LoadFailure({
  error,
  retrying,
  onRetry,
}: {
  error: unknown
  retrying: boolean
  onRetry: () => void
}) {
  return (
    <Stack align="flex-start">
      <FormError>
        <Message of={error instanceof ApiError ? apiErrorMessage(error) : codeMessage('server_error')} />
      </FormError>
      <Button variant="default" onClick={onRetry} loading={retrying}>
        <Trans>Spróbuj ponownie</Trans>
      </Button>
    </Stack>
  )
}
