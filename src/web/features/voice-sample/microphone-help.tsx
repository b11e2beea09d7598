import '@mantine/core/styles/List.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, List, Text } from '@mantine/core'
import { IconMicrophoneOff } from '@tabler/icons-react'

/**
 * "Camera or microphone not connected or permission not granted" (product-rules.md "Errors"), with
 * what to do.
 */
export function MicrophoneHelp() {
  const { t } = useLingui()
  return (
    <Alert
      color="red"
      variant="light"
      w="100%"
      ta="left"
      role="alert"
      icon={<IconMicrophoneOff size={18} aria-hidden />}
      title={t`Kamera lub mikrofon nie są podłączone albo nie udzielono do nich uprawnień`}
    >
      <Text size="sm" mb={4}>
        <Trans>Aby nagrać próbkę głosu:</Trans>
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>
          <Trans>sprawdź, czy mikrofon jest podłączony i włączony;</Trans>
        </List.Item>
        <List.Item>
          <Trans>
            kliknij ikonę kłódki lub kamery w pasku adresu przeglądarki i zezwól tej stronie na używanie
            mikrofonu;
          </Trans>
        </List.Item>
        <List.Item>
          <Trans>potem kliknij „Spróbuj ponownie”.</Trans>
        </List.Item>
      </List>
    </Alert>
  )
}
