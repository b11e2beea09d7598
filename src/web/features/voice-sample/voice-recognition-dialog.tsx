import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { IconMicrophone } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { paths } from '../../app/paths.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'

/** VoiceRecognition (spec §2 dialogs): asks for the voice check before the student's lesson. */
export function VoiceRecognitionDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Potwierdź swój głos`}>
      <Stack gap="md">
        <Text>
          <Trans>
            Zanim dołączysz do pierwszej lekcji, nagraj krótką próbkę głosu: 10 sekund czytania jednego
            zdania. Dzięki niej wiemy, że na lekcji jesteś Ty. Nagrywasz ją tylko raz.
          </Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={paths.myLessons} variant="default">
            <Trans>Nie teraz</Trans>
          </Button>
          <Button onClick={onClose} leftSection={<IconMicrophone size={16} aria-hidden />} data-autofocus>
            <Trans>Nagraj próbkę</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
