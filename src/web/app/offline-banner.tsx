import { Trans } from '@lingui/react/macro'
import { Group, Text } from '@mantine/core'
import { IconWifiOff } from '@tabler/icons-react'
import { useOnlineStatus } from '../offline/connectivity.ts'
import { useOfflineNoticeClaimed } from '../ui/offline-notice-claim.ts'

/**
 * design.md "Feedback": offline state is visible but quiet – a thin banner, never a modal; it steps
 * aside while the screen says so in its own words (one notice, not three: decisions.md "Offline and
 * reconnect").
 */
export function OfflineBanner() {
  const online = useOnlineStatus()
  const claimed = useOfflineNoticeClaimed()
  if (online || claimed) return null
  return (
    <Group
      role="status"
      justify="center"
      gap="xs"
      px="md"
      py={6}
      bg="gray.2"
      c="gray.9"
      wrap="nowrap"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 300,
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <IconWifiOff size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" inherit>
        <Trans>
          Jesteś offline. Widzisz ostatnio zapisane dane; część funkcji wróci po odzyskaniu połączenia.
        </Trans>
      </Text>
    </Group>
  )
}
