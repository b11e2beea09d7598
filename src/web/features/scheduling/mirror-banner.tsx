import { Trans } from '@lingui/react/macro'
import { Group, Text } from '@mantine/core'
import { IconCloudOff } from '@tabler/icons-react'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import { useClaimOfflineNotice } from '../../ui/offline-notice-claim.ts'

/**
 * The timetable shown is the offline copy. Quiet, not a modal (design.md "Feedback"); says when the
 * copy was saved and that booking waits for the connection. It is the screen's one offline notice:
 * the general banner steps aside.
 */
export function MirrorBanner({ savedAt }: { savedAt: number }) {
  useClaimOfflineNotice()
  const when = `${formatPolandDate(savedAt)} ${formatPolandTime(savedAt)}`
  return (
    <Group
      role="status"
      gap="xs"
      wrap="nowrap"
      px="md"
      py={8}
      bg="gray.1"
      c="gray.9"
      style={{ borderRadius: 8 }}
    >
      <IconCloudOff size={18} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm">
        <Trans>
          Jesteś offline. Dane z {when} mogą być nieaktualne. Rezerwacja będzie możliwa po odzyskaniu
          połączenia.
        </Trans>
      </Text>
    </Group>
  )
}
