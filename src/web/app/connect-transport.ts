import { i18n } from '@lingui/core'
import { notifications } from '@mantine/notifications'
import { TOAST_MS } from '../../domain/constants.ts'
import { connectTransportUi } from '../api/transport.ts'
import { reportError } from './monitoring.ts'
import { router } from './router.tsx'

/** Gives the API layer's transport rules (spec §8) their toasts, navigation and reporting. */
export function connectTransport(): void {
  connectTransportUi({
    notify: (message, tone) =>
      notifications.show({
        color: tone === 'error' ? 'red' : 'indigo',
        message: i18n._(message),
        autoClose: TOAST_MS,
      }),
    navigate: (to) => void router.navigate(to, { replace: true }),
    report: (error) => reportError(error, { status: error.status, code: error.code, kind: error.kind }),
  })
}
