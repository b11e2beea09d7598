import { i18n } from '@lingui/core'
import { TOAST_MS } from '../../domain/constants.ts'
import { connectTransportUi } from '../api/transport.ts'
import { reportError } from '../config/monitoring.ts'
import { showToast } from '../ui/toast.ts'
import { navigateOutsideReact } from './navigation.ts'

/**
 * Gives the API layer's transport rules (product-rules.md "Errors") their toasts, navigation and
 * reporting.
 */
export function connectTransport(): void {
  connectTransportUi({
    notify: (message, tone) =>
      showToast({
        // One toast per message: parallel calls failing alike must not stack copies.
        id: `transport-${message.id}`,
        color: tone === 'error' ? 'red' : 'indigo',
        message: i18n._(message),
        autoClose: TOAST_MS,
      }),
    navigate: navigateOutsideReact,
    report: (error) => reportError(error, { status: error.status, code: error.code, kind: error.kind }),
  })
}
