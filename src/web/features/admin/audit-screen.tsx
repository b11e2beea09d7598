import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { useAuditLog } from '../../api/admin-audit.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { AuditEntryCard } from './audit-entry-card.tsx'
import { AuditFilters } from './audit-filters.tsx'
import { readAuditUrl, toApiFilters, writeAuditUrl } from './audit-url.ts'
import { useUrlFilters } from './url-filters.ts'

/** The audit log: every operator action, newest first, filtered; nothing here changes it. */
export function AuditScreen() {
  const { t } = useLingui()
  const [filters, go] = useUrlFilters(readAuditUrl, writeAuditUrl)
  const log = useAuditLog(toApiFilters(filters))

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Dziennik zmian</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>
            Każde działanie operatorów, z konsoli i z poleceń na serwerze, z wartościami przed i po. Czas
            polski.
          </Trans>
        </Text>
      </div>
      <AuditFilters value={filters} onApply={(next) => go(() => next)} />
      {log.data ? (
        <Stack gap="sm" aria-busy={log.isFetching} style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}>
          {log.data.entries.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {filters.page > 1 ? (
                <Trans>Na tej stronie nie ma już wpisów.</Trans>
              ) : (
                <Trans>Brak wpisów dla tych filtrów.</Trans>
              )}
            </Text>
          ) : (
            log.data.entries.map((entry) => <AuditEntryCard key={entry.id} entry={entry} />)
          )}
          <Group justify="space-between" component="nav" aria-label={t`Strony dziennika`}>
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              disabled={filters.page <= 1}
              onClick={() => go((current) => ({ ...current, page: current.page - 1 }))}
            >
              <Trans>Nowsze</Trans>
            </Button>
            <Text size="sm" c="dimmed">
              <Trans>Strona {filters.page}</Trans>
            </Text>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              disabled={!log.data.has_more}
              onClick={() => go((current) => ({ ...current, page: current.page + 1 }))}
            >
              <Trans>Starsze</Trans>
            </Button>
          </Group>
        </Stack>
      ) : log.isError ? (
        <Stack align="flex-start">
          <FormError>
            <Message
              of={log.error instanceof ApiError ? apiErrorMessage(log.error) : codeMessage('server_error')}
            />
          </FormError>
          <Button variant="default" onClick={() => void log.refetch()} loading={log.isFetching}>
            <Trans>Spróbuj ponownie</Trans>
          </Button>
        </Stack>
      ) : (
        <PageLoader label={<Trans>Wczytujemy dziennik…</Trans>} />
      )}
    </Stack>
  )
}
