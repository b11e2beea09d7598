import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { type BrowserFamily, browserFamily, type MediaProblem } from './media-access.ts'

/** Where this browser keeps a site's camera and microphone permissions. */
function BrowserHint({ family }: { family: BrowserFamily }) {
  switch (family) {
    case 'chrome':
    case 'edge':
      return (
        <Trans>
          Kliknij ikonę obok adresu strony (kłódkę lub suwaki), włącz Kamerę i Mikrofon, a potem kliknij
          „Spróbuj ponownie”.
        </Trans>
      )
    case 'firefox':
      return (
        <Trans>
          Kliknij ikonę kamery lub kłódki obok adresu strony, usuń blokadę kamery i mikrofonu, a potem kliknij
          „Spróbuj ponownie”.
        </Trans>
      )
    case 'safari':
      return (
        <Trans>
          W Safari otwórz Ustawienia → Witryny (na iPhonie: Ustawienia → Safari) i zezwól tej stronie na
          Kamerę i Mikrofon, a potem kliknij „Spróbuj ponownie”.
        </Trans>
      )
    default:
      return (
        <Trans>
          Zezwól tej stronie na dostęp do kamery i mikrofonu w ustawieniach przeglądarki, a potem kliknij
          „Spróbuj ponownie”.
        </Trans>
      )
  }
}

type Props = { problem: MediaProblem; onRetry: () => void; cameraOnly?: boolean }

/**
 * "Camera or microphone not connected or permission not granted" (product-rules.md "Errors"), and
 * what to do.
 */
export function MediaProblemNotice({ problem, onRetry, cameraOnly = false }: Props) {
  const { t } = useLingui()
  const family = browserFamily(typeof navigator === 'undefined' ? '' : navigator.userAgent)
  return (
    <Alert
      color={cameraOnly ? 'yellow' : 'red'}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t`Kamera lub mikrofon nie są podłączone albo nie udzielono do nich dostępu`}
      role="alert"
    >
      <Stack gap="xs">
        {problem === 'denied' && (
          <Text size="sm">
            <BrowserHint family={family} />
          </Text>
        )}
        {problem === 'no_device' && (
          <Text size="sm">
            <Trans>Podłącz kamerę lub mikrofon i kliknij „Spróbuj ponownie”.</Trans>
          </Text>
        )}
        {problem === 'busy' && (
          <Text size="sm">
            <Trans>
              Urządzenie jest zajęte przez inny program lub kartę. Zamknij je i kliknij „Spróbuj ponownie”.
            </Trans>
          </Text>
        )}
        {problem === 'unsupported' && (
          <Text size="sm">
            <Trans>
              Ta przeglądarka nie udostępnia kamery tej stronie. Otwórz lekcję w aktualnym Chrome, Firefoksie
              lub Safari.
            </Trans>
          </Text>
        )}
        {cameraOnly && (
          <Text size="sm">
            <Trans>Mikrofon działa: możesz dołączyć z samym dźwiękiem.</Trans>
          </Text>
        )}
        <Button size="xs" variant="white" color="dark" onClick={onRetry} w="fit-content">
          <Trans>Spróbuj ponownie</Trans>
        </Button>
      </Stack>
    </Alert>
  )
}
