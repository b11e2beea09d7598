import '@mantine/core/styles/Progress.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { ApiError } from '../../api/api-error.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { fieldErrorsOf, submitFailureMessage } from './submit-failure.ts'

type SubmitStatusProps = {
  /** 0–100 while sending; null otherwise. */
  progress: number | null
  onCancel: () => void
  error: unknown
}

/** The whole request's upload progress with Cancel, or why the last attempt failed. */
export function SubmitStatus({ progress, onCancel, error }: SubmitStatusProps) {
  const { t } = useLingui()
  if (progress !== null) {
    const percent = Math.round(progress)
    return (
      <Stack gap={6} role="status" aria-live="polite">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {percent < 100 ? (
              <Trans>Wysyłamy Twoje dane i pliki… {percent}%</Trans>
            ) : (
              <Trans>Zapisujemy konto…</Trans>
            )}
          </Text>
          <Button size="xs" variant="subtle" color="red" onClick={onCancel}>
            <Trans>Anuluj wysyłanie</Trans>
          </Button>
        </Group>
        <Progress value={percent} animated aria-label={t`Postęp wysyłania`} />
      </Stack>
    )
  }
  if (error instanceof ApiError && error.kind === 'aborted') {
    // Cancelled on purpose: said calmly, not as an error.
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} role="status">
        <Message of={submitFailureMessage(error)} />
      </Alert>
    )
  }
  if (error instanceof ApiError && fieldErrorsOf(error).length === 0) {
    return (
      <FormError>
        <Message of={submitFailureMessage(error)} />
      </FormError>
    )
  }
  return null
}
