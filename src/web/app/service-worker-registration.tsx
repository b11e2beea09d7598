import { Trans } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import { Workbox } from 'workbox-window'
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

/**
 * Registers the service worker (production builds only). A new version waits until the user
 * chooses to reload: it never takes over a page in use (ARCHITECTURE.md "Web app").
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  const wb = new Workbox('/sw.js', { scope: '/' })

  const reload = () => {
    wb.addEventListener('controlling', () => window.location.reload())
    wb.messageSkipWaiting()
  }

  wb.addEventListener('waiting', () => {
    showToast({
      id: UPDATE_NOTIFICATION_ID,
      title: <Trans>Nowa wersja jest dostępna</Trans>,
      message: <UpdateAvailable onReload={reload} />,
      autoClose: false,
      withCloseButton: true,
    })
  })

  wb.register()
    .then(() => {
      setInterval(() => void wb.update(), UPDATE_CHECK_MS)
    })
    .catch((error: unknown) => reportError(error))
}
