import { useNotifications } from '@mantine/notifications'
import { Component, type ReactNode, Suspense, useState } from 'react'
import { reportError } from '../config/monitoring.ts'
import { lazyComponent } from '../ui/lazy-component.tsx'

const ToastContainer = lazyComponent(async () => (await import('./toast-container.tsx')).ToastContainer)

/**
 * A container that could not be downloaded (offline without a service worker, or a new
 * deployment) costs the toasts of this page view, never the page: it is logged, not the crash
 * screen.
 */
class ToastBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: Error): void {
    reportError(error)
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children
  }
}

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
    <ToastBoundary>
      <Suspense fallback={null}>
        <ToastContainer />
      </Suspense>
    </ToastBoundary>
  )
}
