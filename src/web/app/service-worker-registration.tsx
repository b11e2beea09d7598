import { Trans } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import { showToast } from '../ui/toast.ts'
import { reportError } from './monitoring.ts'
import { ACCENT_COLOR } from './theme.ts'

const UPDATE_NOTIFICATION_ID = 'service-worker-update'
const UPDATE_CHECK_MS = 60 * 60 * 1000

function UpdateAvailable({ onReload }: { onReload: () => void }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">
        <Trans>Odśwież stronę, aby z niej skorzystać.</Trans>
      </Text>
      <Button size="xs" color={ACCENT_COLOR} onClick={onReload}>
        <Trans>Odśwież</Trans>
      </Button>
    </Group>
  )
}

/** The toast that offers a waiting version; reloading hands the page over to it. */
function offerUpdate(worker: ServiceWorker): void {
  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    })
    // service-worker/sw.ts skips waiting on this message.
    worker.postMessage({ type: 'SKIP_WAITING' })
  }
  showToast({
    id: UPDATE_NOTIFICATION_ID,
    title: <Trans>Nowa wersja jest dostępna</Trans>,
    message: <UpdateAvailable onReload={reload} />,
    autoClose: false,
    withCloseButton: true,
  })
}

/**
 * Registers the service worker (production builds only). A new version waits until the user
 * chooses to reload: it never takes over a page in use (ARCHITECTURE.md "Web app"). The browser's
 * own API does it (workbox-window would add a few kB to every page, issue #10).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  const container = navigator.serviceWorker
  container.register('/sw.js', { scope: '/' }).then(
    (registration) => {
      // Only an update waits: the first version takes control at once (clientsClaim).
      if (registration.waiting && container.controller) offerUpdate(registration.waiting)
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'installed' && container.controller) offerUpdate(worker)
        })
      })
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS)
    },
    (error: unknown) => reportError(error),
  )
}
