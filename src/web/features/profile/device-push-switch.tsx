import '@mantine/core/styles/Switch.css'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Switch } from '@mantine/core'
import { showErrorToast, showSuccessToast } from './profile-toasts.ts'
import { type DevicePushState, useDevicePush } from './use-device-push.ts'

// Notifications on this device (web push), per device, off until the user turns them on; the
// browser's permission is asked only then. Where the browser cannot take them (an iPhone's Safari
// tab, a private window) the switch says so and how to get them, instead of "try again".

const descriptions = {
  checking: msg`Przypomnienie 10 minut przed lekcją, odwołania i nowe rezerwacje.`,
  off: msg`Przypomnienie 10 minut przed lekcją, odwołania i nowe rezerwacje.`,
  on: msg`Włączone na tym urządzeniu: przypomnienie 10 minut przed lekcją, odwołania i nowe rezerwacje.`,
  unsupported: msg`Ta przeglądarka nie może odbierać powiadomień. Otwórz Lektorium w zwykłym (nie prywatnym) oknie aktualnej przeglądarki, np. Chrome, Edge, Firefox lub Safari.`,
  'install-first': msg`Na iPhonie i iPadzie powiadomienia przychodzą tylko do Lektorium dodanego do ekranu początkowego. W Safari stuknij „Udostępnij” (kwadrat ze strzałką), wybierz „Do ekranu początkowego”, potem otwórz Lektorium z jego ikony i włącz je tutaj.`,
  unavailable: msg`Ta przeglądarka nie pozwoliła włączyć powiadomień. Tak bywa w oknie prywatnym (incognito) i w przeglądarkach z wyłączoną usługą powiadomień. Otwórz Lektorium w zwykłym oknie i włącz je tutaj.`,
  denied: msg`Powiadomienia są zablokowane w przeglądarce. Zezwól na nie w ustawieniach tej strony (ikona obok adresu) i włącz je tutaj. W oknie prywatnym (incognito) przeglądarka blokuje je zawsze.`,
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
      disabled={busy || !(state === 'on' || state === 'off')}
      onChange={(event) => change(event.currentTarget.checked)}
      data-push-state={state}
    />
  )
}
