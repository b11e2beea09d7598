import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Table.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import type { AuditEntry } from '../../api/admin-audit.ts'
import { actionLabel, changeRows, fieldLabel, targetLabel } from './audit-values.ts'

/** One entry of the audit log: when, who, what and on what, and the values before and after. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useLingui()
  const at = new Date(entry.at)
  const action = actionLabel(entry.action)
  const target = targetLabel(entry.target_type)
  const rows = changeRows(entry.before, entry.after)
  const who = entry.actor.kind === 'cli' ? t`Polecenie ops (serwer)` : (entry.actor.email ?? t`Operator`)

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`${entry.action} ${formatPolandDate(at)}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{action ? i18n._(action) : entry.action}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {entry.action}
            </Text>
          </div>
          <Text size="sm" c="dimmed">
            <time dateTime={entry.at}>
              {formatPolandDate(at)} {formatPolandTime(at)}
            </time>
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="gray" tt="none">
            {who}
          </Badge>
          <Badge variant="outline" color="indigo" tt="none" style={{ maxWidth: '100%' }}>
            {target ? i18n._(target) : entry.target_type}
            {entry.target_id ? `: ${entry.target_id}` : ''}
          </Badge>
        </Group>
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={280}>
            <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Pole</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Przed</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Po</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const label = fieldLabel(row.key)
                  return (
                    <Table.Tr
                      key={row.key}
                      fw={row.changed ? 600 : undefined}
                      c={row.changed ? undefined : 'dimmed'}
                    >
                      <Table.Td>
                        {label ? i18n._(label) : row.key || t`Wartość`}
                        {label && (
                          <Text span size="xs" c="dimmed" ff="monospace" display="block">
                            {row.key}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{row.before}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{row.after}</Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  )
}
