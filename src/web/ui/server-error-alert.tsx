import { Trans, useLingui } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import { IconServerOff } from '@tabler/icons-react'
import { clearServerError, useServerError } from '../api/server-error.ts'

/** product-rules.md "Errors": the global server-error state, shown where the user is looking. */
export function ServerErrorAlert() {
  const { t } = useLingui()
  const serverError = useServerError()
  if (!serverError) return null
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconServerOff size={20} aria-hidden />}
      withCloseButton
      closeButtonLabel={t`Zamknij`}
      onClose={clearServerError}
    >
      <Trans>Błąd serwera. Spróbuj ponownie później.</Trans>
    </Alert>
  )
}
