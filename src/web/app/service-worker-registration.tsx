import { Trans } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import { Workbox } from 'workbox-window'
import { reportError } from '../config/monitoring.ts'
import { ACCENT_COLOR } from '../config/theme.ts'
import { showInfoToast } from '../ui/info-toast.ts'

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

/**
 * The toast that offers a waiting version (the info toast of product-rules.md "Errors": the app
 * informs). Reloading asks the waiting worker to take over (workbox-window's messageSkipWaiting
 * sends the SKIP_WAITING that service-worker/sw.ts answers) and reloads once it controls this page.
 */
function offerUpdate(workbox: Workbox): void {
  const reload = () => {
    workbox.addEventListener('controlling', () => window.location.reload())
    workbox.messageSkipWaiting()
  }
  showInfoToast({
    id: UPDATE_NOTIFICATION_ID,
    title: <Trans>Nowa wersja jest dostępna</Trans>,
    message: <UpdateAvailable onReload={reload} />,
    autoClose: false,
    withCloseButton: true,
  })
}

/**
 * Registers the service worker (production builds only) with workbox-window, in the chunk that
 * loads after the page (src/web/main.tsx). A new version waits until the user chooses to reload: it
 * never takes over a page in use (architecture.md "Web app"). The first version takes control at
 * once (clientsClaim), so only an update ever waits; `waiting` also fires for one that was already
 * waiting when the page opened, or that another tab installed.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  const workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => offerUpdate(workbox))
  workbox.register().then(
    () => setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_MS),
    (error: unknown) => reportError(error),
  )
}
