import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/Table.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Paper, Progress, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import type { TeacherShare } from '../../api/admin-overview.ts'
import { personName } from './admin-format.ts'

type SortKey = 'share' | 'booked' | 'published'

const sorters: Record<SortKey, (a: TeacherShare, b: TeacherShare) => number> = {
  share: (a, b) => b.share - a.share || b.booked_hours - a.booked_hours,
  booked: (a, b) => b.booked_hours - a.booked_hours || b.share - a.share,
  published: (a, b) => b.published_hours - a.published_hours || b.share - a.share,
}

const hours = (value: number, locale: string) => value.toLocaleString(locale, { maximumFractionDigits: 1 })

/** Each teacher's booked share of the hours they published, sorted, as a bar list. */
export function OverviewTeachers({ teachers, period }: { teachers: TeacherShare[]; period: string }) {
  const { t, i18n } = useLingui()
  const [sort, setSort] = useState<SortKey>('share')
  const rows = [...teachers].sort(sorters[sort])

  return (
    <Paper withBorder radius="md" p="md" component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={2} size="h4">
              <Trans>Obłożenie lektorów</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>Zarezerwowana część opublikowanych godzin, {period}.</Trans>
            </Text>
          </div>
          <Select
            label={t`Sortuj według`}
            value={sort}
            allowDeselect={false}
            onChange={(value) => setSort(value === 'booked' || value === 'published' ? value : 'share')}
            data={[
              { value: 'share', label: t`Obłożenia` },
              { value: 'booked', label: t`Zarezerwowanych godzin` },
              { value: 'published', label: t`Opublikowanych godzin` },
            ]}
            w={220}
          />
        </Group>
        {rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="md" role="status">
            <Trans>W tym okresie żaden lektor nie opublikował godzin.</Trans>
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="xs" aria-label={t`Obłożenie lektorów`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Lektor</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Obłożenie</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const percent = Math.round(row.share * 100)
                  const booked = hours(row.booked_hours, i18n.locale)
                  const published = hours(row.published_hours, i18n.locale)
                  return (
                    <Table.Tr key={row.teacher.id}>
                      <Table.Td>
                        <Text size="sm">{personName(row.teacher)}</Text>
                        <Text size="xs" c="dimmed" visibleFrom="sm">
                          {row.teacher.email}
                        </Text>
                      </Table.Td>
                      <Table.Td miw={140}>
                        <Group gap="xs" wrap="nowrap">
                          <Progress
                            value={percent}
                            w="100%"
                            aria-hidden
                            color={percent >= 80 ? 'green' : 'indigo'}
                          />
                          <Text size="sm" fw={600} miw={44} ta="right">
                            {percent}%
                          </Text>
                        </Group>
                        <Text size="xs" c="dimmed">
                          <Trans>
                            {booked} z {published} h
                          </Trans>
                        </Text>
                      </Table.Td>
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
