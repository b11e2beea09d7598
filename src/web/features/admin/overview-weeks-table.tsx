import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Table.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Paper, Table, Text } from '@mantine/core'
import type { OverviewWeek } from '../../api/admin-overview.ts'

/** Every week's numbers (the charts' data, readable by anyone and at 375 px by scrolling). */
export function OverviewWeeksTable({ weeks }: { weeks: OverviewWeek[] }) {
  const { t } = useLingui()
  return (
    <Paper withBorder radius="md" p="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table striped fz="sm" verticalSpacing={4} aria-label={t`Liczby tygodni`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Tydzień</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Rezerwacje</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Odwołania</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Późne</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Przez szkołę</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Nieobecności (zgłoszenia)</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>AI: wiadomości (kursanci)</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...weeks].reverse().map((week) => (
              <Table.Tr key={week.week_start}>
                <Table.Th scope="row" fw={500}>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    <Trans>
                      od {week.week_start.slice(8, 10)}.{week.week_start.slice(5, 7)}
                    </Trans>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {week.iso_week}
                  </Text>
                </Table.Th>
                <Table.Td ta="right">{week.bookings}</Table.Td>
                <Table.Td ta="right">{week.cancellations}</Table.Td>
                <Table.Td ta="right">{week.late_cancellations}</Table.Td>
                <Table.Td ta="right">{week.school_cancellations}</Table.Td>
                <Table.Td ta="right">
                  {week.absences} ({week.absence_reports})
                </Table.Td>
                <Table.Td ta="right">
                  {week.ai_messages} ({week.ai_students})
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  )
}
