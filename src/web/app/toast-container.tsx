import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/Notification.css'
import '@mantine/notifications/styles.css'
import { Notifications } from '@mantine/notifications'
import { TOAST_MS } from '../../domain/constants.ts'

/** Where toasts appear (4 s globally: product-rules.md "Constants and limits"). */
export function ToastContainer() {
  return <Notifications position="top-center" autoClose={TOAST_MS} containerWidth={440} />
}
