import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/Switch.css'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Skeleton, Stack, Switch, Text } from '@mantine/core'
import { IconMessage } from '@tabler/icons-react'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage } from '../../api/error-messages.ts'
import { useSendTestSms, useSmsStatus, useSwitchSms } from '../../api/sms.ts'
import { showInternational } from '../../ui/phone-number.ts'
import { showErrorToast, showSuccessToast } from './profile-toasts.ts'
import './sms-error-messages.ts'

// SMS notifications (product-rules.md "SMS"): the switch only where the school sends SMS (a notice
// otherwise, never a switch that does nothing), the mobile number they go to, why the server
// turned them off if the number failed, and a test SMS to check the number.

const turnedOn = msg`Powiadomienia SMS są włączone`
const turnedOff = msg`Powiadomienia SMS są wyłączone`

const errorText = (error: unknown) => (error instanceof ApiError ? apiErrorMessage(error) : undefined)

export function SmsNotifications() {
  const { t } = useLingui()
  const status = useSmsStatus()
  const change = useSwitchSms()
  const test = useSendTestSms()
  if (status.isPending) return <Skeleton height={48} />
  if (status.isError) return null
  const { available, enabled, number, stopped } = status.data
  if (!available) {
    return (
      <Stack gap={2} data-testid="sms-unavailable">
        <Text size="sm">
          <Trans>Powiadomienia SMS</Trans>
        </Text>
        <Text size="xs" c="dimmed">
          <Trans>
            Ta szkoła nie wysyła SMS-ów. Przypomnienia i odwołania lekcji dostaniesz e-mailem i na urządzeniu.
          </Trans>
        </Text>
      </Stack>
    )
  }
  const shown = number ? showInternational(number) : null
  const stoppedNumber = stopped ? showInternational(stopped.number) : ''
  const toggle = (checked: boolean) =>
    change.mutate(checked, {
      onSuccess: (next) => showSuccessToast(next.enabled ? turnedOn : turnedOff),
      onError: (error) => showErrorToast(errorText(error)),
    })
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ sent_to }) => {
        const to = showInternational(sent_to)
        showSuccessToast(msg`Wysłaliśmy testowy SMS na numer ${to}.`)
      },
      onError: (error) => showErrorToast(errorText(error)),
    })
  return (
    <Stack gap="xs" data-testid="sms-notifications">
      {stopped && !enabled && (
        <Alert color="orange" variant="light" title={t`Wyłączyliśmy powiadomienia SMS`}>
          <Trans>
            Numer {stoppedNumber} nie może odbierać SMS-ów. Sprawdź numer w danych profilu i włącz
            powiadomienia ponownie.
          </Trans>
        </Alert>
      )}
      <Switch
        label={t`Powiadomienia SMS`}
        description={
          shown
            ? t`Przypomnienie przed lekcją i odwołania lekcji na numer ${shown}.`
            : t`Dodaj w danych profilu numer komórkowy, aby je włączyć.`
        }
        checked={change.isPending ? (change.variables ?? enabled) : enabled}
        disabled={change.isPending || (!enabled && !number)}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
      {enabled && (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconMessage size={16} aria-hidden />}
          loading={test.isPending}
          onClick={sendTest}
        >
          <Trans>Wyślij mi testowy SMS</Trans>
        </Button>
      )}
    </Stack>
  )
}
