import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/Table.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Code, Group, Paper, Stack, Table, Text } from '@mantine/core'
import type { AuditEntry } from '../../api/admin-audit.ts'
import { personName, polandDateTime } from './admin-format.ts'
import { actionLabel, targetLabel } from './audit-labels.ts'
import { changeRows } from './audit-values.ts'

type Person = { name: string | null; email: string }

/** "Anna Nowak · anna@…", or the e-mail alone when no name is known. */
const nameAndEmail = (person: Person) => (person.name ? `${person.name} · ${person.email}` : person.email)

/** What the entry is about, by name: a person, a lesson by its start and parties, or its kind. */
function TargetText({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useLingui()
  const kind = targetLabel(entry.target_type)
  const type = kind ? i18n._(kind) : entry.target_type
  const target = entry.target
  if (target?.kind === 'person') return <>{`${type}: ${nameAndEmail(target)}`}</>
  if (target?.kind === 'lesson') {
    const teacher = personName(target.teacher)
    const student = personName(target.student)
    return (
      <>
        {`${type}: ${polandDateTime(target.starts_at)} · `}
        {t`lektor: ${teacher}`}
        {' · '}
        {t`kursant: ${student}`}
      </>
    )
  }
  return <>{type}</>
}

/** One entry of the audit log: when, who, what and on what, and each field before and after. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useLingui()
  const action = actionLabel(entry.action)
  const title = action ? i18n._(action) : entry.action
  const when = polandDateTime(entry.at)
  const rows = changeRows(entry.before, entry.after, i18n)
  const who =
    entry.actor.kind === 'cli'
      ? t`Polecenie ops na serwerze`
      : entry.actor.email
        ? nameAndEmail({ name: entry.actor.name, email: entry.actor.email })
        : t`Operator`

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`${title}, ${when}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start" wrap="wrap">
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            <time dateTime={entry.at}>{when}</time>
          </Text>
        </Group>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px' }}>
          <Text component="dt" size="sm" c="dimmed">
            <Trans>Kto</Trans>
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {who}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            <Trans>Czego dotyczy</Trans>
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            <TargetText entry={entry} />
            {entry.target_id && (
              <Text component="details" size="xs" c="dimmed" mt={2}>
                <summary style={{ cursor: 'pointer' }}>
                  <Trans>Pokaż identyfikator</Trans>
                </summary>
                <Code style={{ overflowWrap: 'anywhere' }}>{entry.target_id}</Code>
              </Text>
            )}
          </Text>
        </dl>
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
                {rows.map((row) => (
                  <Table.Tr
                    key={row.key}
                    fw={row.changed ? 600 : undefined}
                    c={row.changed ? undefined : 'dimmed'}
                  >
                    <Table.Td>{row.label}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'break-word' }}>{row.before}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'break-word' }}>{row.after}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  )
}
