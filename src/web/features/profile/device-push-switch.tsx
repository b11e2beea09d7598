import '@mantine/core/styles/Switch.css'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Switch } from '@mantine/core'
import { showErrorToast, showSuccessToast } from './profile-toasts.ts'
import { type DevicePushState, useDevicePush } from './use-device-push.ts'

// Notifications on this device (web push), per device, off until the user turns them on; the
// browser's permission is asked only then.

const descriptions = {
  checking: msg`Przypomnienie 10 minut przed lekcją, odwołania i nowe rezerwacje.`,
  off: msg`Przypomnienie 10 minut przed lekcją, odwołania i nowe rezerwacje.`,
  on: msg`Włączone na tym urządzeniu: przypomnienie 10 minut przed lekcją, odwołania i nowe rezerwacje.`,
  unsupported: msg`Ta przeglądarka nie obsługuje powiadomień. Na iPhonie i iPadzie najpierw dodaj aplikację do ekranu początkowego.`,
  denied: msg`Powiadomienia są zablokowane w przeglądarce. Zezwól na nie w ustawieniach tej strony (ikona obok adresu) i włącz je tutaj.`,
} as const satisfies Record<DevicePushState, unknown>

const turnedOn = msg`Powiadomienia na tym urządzeniu są włączone`
const turnedOff = msg`Powiadomienia na tym urządzeniu są wyłączone`
const failed = msg`Nie udało się zmienić powiadomień na tym urządzeniu. Spróbuj ponownie.`

export function DevicePushSwitch({ userId }: { userId: string }) {
  const { i18n, t } = useLingui()
  const { state, busy, turnOn, turnOff } = useDevicePush(userId)
  const change = (checked: boolean) => {
    ;(checked ? turnOn() : turnOff()).then(
      (next) => {
        if (next === 'on') showSuccessToast(turnedOn)
        else if (next === 'off' && !checked) showSuccessToast(turnedOff)
      },
      () => showErrorToast(failed),
    )
  }
  return (
    <Switch
      label={t`Powiadomienia na tym urządzeniu`}
      description={i18n._(descriptions[state])}
      checked={state === 'on'}
      disabled={busy || state === 'checking' || state === 'unsupported' || state === 'denied'}
      onChange={(event) => change(event.currentTarget.checked)}
      data-push-state={state}
    />
  )
}
