import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconCloudOff } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import { isErrorCode } from '../../api/api-error.ts'
import { codeMessage } from '../../api/error-messages.ts'
import { syncOutbox } from '../../api/outbox-sync.ts'
import type { OutboxEntry, Refusal } from '../../offline/outbox.ts'
import { loadOutbox } from '../../offline/outbox-queue.ts'
import { describeWrite } from './pending-writes.ts'

/**
 * The lessons shown are the device's copy; says when it was fetched, in Poland time and the app's
 * one format, as the other offline notices do (design.md "Words").
 */
export function SavedCopyNotice({ savedAt }: { savedAt: number }) {
  const when = `${formatPolandDate(savedAt)} ${formatPolandTime(savedAt)}`
  return (
    <Alert color="gray" variant="light" icon={<IconCloudOff size={18} aria-hidden />} role="status">
      <Trans>
        Brak połączenia z serwerem. Pokazujemy lekcje zapisane na tym urządzeniu {when}; mogą być nieaktualne.
      </Trans>
    </Alert>
  )
}

/**
 * No connection, and this list was never fetched on this device (neither the service worker's cache
 * nor the mirror holds it): said plainly instead of a loading state that would never end. It gives
 * way to the list once a request gets through.
 */
export function NotSavedNotice() {
  const { t } = useLingui()
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconCloudOff size={18} aria-hidden />}
      role="status"
      title={t`Ta lista nie jest zapisana na tym urządzeniu`}
    >
      <Trans>
        Brak połączenia z serwerem, a tej listy nie otwierano tu wcześniej. Pokażemy ją, gdy połączenie wróci.
      </Trans>
    </Alert>
  )
}

function RefusalReason({ refusal }: { refusal: Refusal | null }) {
  const { i18n } = useLingui()
  const code = refusal?.code
  const message =
    code && isErrorCode(code) ? codeMessage(code, refusal.params) : codeMessage('validation_failed')
  return <>{i18n._(message)}</>
}

/**
 * Writes made offline that the server refused (e.g. the lesson was cancelled meanwhile): each with
 * what was written and why, to send again or to let go — never dropped silently.
 */
export function OutboxRefusals({ entries }: { entries: OutboxEntry[] }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const failed = entries.filter((entry) => entry.state === 'failed')
  if (failed.length === 0) return null
  const labels = { note: t`Wiadomość dla lektora`, memo: t`Notatki`, rating: t`Ocena` }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t`Serwer nie przyjął zmian zapisanych bez połączenia`}
    >
      <Stack gap="sm">
        {failed.map((entry) => {
          const write = describeWrite(entry)
          return (
            <Group key={entry.seq} justify="space-between" align="flex-start" gap="sm" wrap="wrap">
              <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <Text size="sm" fw={600}>
                  {labels[write.kind]}: „{write.text}”
                </Text>
                <Text size="sm">
                  <RefusalReason refusal={entry.refusal} />
                </Text>
              </div>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() =>
                    void loadOutbox()
                      .then(({ retryEntry }) => retryEntry(entry.seq))
                      .then(() => syncOutbox(queryClient))
                  }
                >
                  <Trans>Wyślij ponownie</Trans>
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void loadOutbox().then(({ dismissEntry }) => dismissEntry(entry.seq))}
                >
                  <Trans>Odrzuć</Trans>
                </Button>
              </Group>
            </Group>
          )
        })}
      </Stack>
    </Alert>
  )
}
