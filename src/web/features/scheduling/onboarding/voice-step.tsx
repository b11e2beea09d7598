import { Trans } from '@lingui/react/macro'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconCircleCheck, IconMicrophone } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '../../../config/paths.ts'

type Props = {
  provided: boolean
  /** The voice-sample recorder, when the app gives one (it belongs to another feature). */
  recorder?: ReactNode
}

/** Step 6: complete when the profile has a voice sample (voice_sample_url). */
export function VoiceStep({ provided, recorder }: Props) {
  if (provided)
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={20} aria-hidden />}>
        <Trans>Twoja próbka głosu jest zapisana.</Trans>
      </Alert>
    )
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans>
          Nagraj 10 sekund swojego głosu: lektor usłyszy, jak mówisz, zanim spotkacie się na lekcji.
        </Trans>
      </Text>
      {recorder ?? (
        <Button
          component={Link}
          to={paths.voiceConfirmation}
          variant="light"
          leftSection={<IconMicrophone size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          <Trans>Nagraj próbkę głosu</Trans>
        </Button>
      )}
    </Stack>
  )
}
