import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type NotificationData, notifications } from '@mantine/notifications'

/**
 * Every toast goes through here: its close button gets a label, and a toast with an `id` that is
 * already on screen is not shown again (e.g. several calls answering 401 at once, product-rules.md
 * "Errors").
 */
export function showToast(toast: NotificationData): void {
  notifications.show({
    ...toast,
    closeButtonProps: { 'aria-label': i18n._(msg`Zamknij powiadomienie`) },
  })
}
