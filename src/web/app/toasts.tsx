import { useNotifications } from '@mantine/notifications'
import { Suspense, useState } from 'react'
import { lazyComponent } from '../ui/lazy-component.tsx'

const ToastContainer = lazyComponent(async () => (await import('./toast-container.tsx')).ToastContainer)

/**
 * The toasts' container is a chunk of its own, downloaded with the first toast (most pages show
 * none): toasts shown meanwhile wait in Mantine's store and appear once it is there.
 */
export function Toasts() {
  const { notifications } = useNotifications()
  const [needed, setNeeded] = useState(false)
  if (!needed && notifications.length > 0) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  )
}
