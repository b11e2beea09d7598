import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { NotificationData } from '@mantine/notifications'
import { TOAST_MS } from '../../domain/constants.ts'
import { showToast } from './toast.ts'

/**
 * The "default info (attention)" toast of product-rules.md "Errors", for when the product informs
 * rather than confirms or fails (e.g. a new version is ready) — titled "Uwaga" unless given a
 * title, in the info colour, for the global 4 s unless told otherwise. A module of its own, out of
 * the sign-in page's JavaScript and its budget (decisions.md "The first load: a page downloads what
 * it shows").
 */
export function showInfoToast(toast: NotificationData): void {
  showToast({ color: 'indigo', title: i18n._(msg`Uwaga`), autoClose: TOAST_MS, ...toast })
}
