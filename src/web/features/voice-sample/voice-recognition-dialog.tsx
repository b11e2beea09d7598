import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { IconMicrophone } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { paths } from '../../config/paths.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'

/**
 * Why the check, said once: in the dialog, or on the page once the dialog is closed, never both.
 * How to record is said once too, beside the sentence to read.
 */
export function VoiceCheckReason() {
  return (
    <Text>
      <Trans>
        Zanim dołączysz do pierwszej lekcji, nagraj krótką próbkę głosu. Dzięki niej wiemy, że na lekcji
        jesteś Ty. Nagrywasz ją tylko raz.
      </Trans>
    </Text>
  )
}

type Props = {
  opened: boolean
  /** Esc or the close icon: the dialog goes, nothing records. */
  onClose: () => void
  /** "Nagraj próbkę": the screen closes the dialog and starts the recording in this same click. */
  onRecord: () => void
}

/** VoiceRecognition: asks for the voice check before the student's lesson. */
export function VoiceRecognitionDialog({ opened, onClose, onRecord }: Props) {
  const { t } = useLingui()
  return (
    // The focus goes to the recorder that "Nagraj próbkę" starts, not back to where it was.
    <AppDialog opened={opened} onClose={onClose} title={t`Potwierdź swój głos`} returnFocus={false}>
      <Stack gap="md">
        <VoiceCheckReason />
        <Text size="sm" c="dimmed">
          <Trans>
            Nagrywanie zacznie się od razu po kliknięciu. Przeglądarka może najpierw zapytać o dostęp do
            mikrofonu.
          </Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={paths.myLessons} variant="default">
            <Trans>Nie teraz</Trans>
          </Button>
          <Button onClick={onRecord} leftSection={<IconMicrophone size={16} aria-hidden />} data-autofocus>
            <Trans>Nagraj próbkę</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
