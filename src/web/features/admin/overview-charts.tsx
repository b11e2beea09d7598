import '@mantine/charts/styles.css'
import '@mantine/core/styles/ColorSwatch.css'
import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { BarChart, LineChart } from '@mantine/charts'
import { Paper, SimpleGrid, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { Overview } from '../../api/admin-overview.ts'

// The overview's charts (@mantine/charts on recharts): a chunk of their own inside the console's,
// loaded when the overview opens. Each chart says its totals in words (role=img); the table below
// them holds every number. The legends' and tooltips' swatches are Mantine's ColorSwatch (its CSS
// imported here, which @mantine/charts' stylesheet lacks); a chart's series differ in lightness as
// well as hue, and its two lines in dashes, so they can be told apart without telling colours apart
// (design.md "Access").

function ChartCard({ title, summary, children }: { title: ReactNode; summary: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <div role="img" aria-label={summary}>
          {children}
        </div>
      </Stack>
    </Paper>
  )
}

/** "2026-11-23" → "23.11". */
const weekLabel = (weekStart: string) => `${weekStart.slice(8, 10)}.${weekStart.slice(5, 7)}`

export function OverviewCharts({ weeks }: { weeks: Overview['weeks'] }) {
  const { t } = useLingui()
  const data = weeks.map((week) => ({
    week: weekLabel(week.week_start),
    bookings: week.bookings,
    // A party's cancellation in time, a late one (cancellation_earliness, product-rules.md
    // "Cancellation"), the school's.
    on_time: Math.max(0, week.cancellations - week.late_cancellations - week.school_cancellations),
    late: week.late_cancellations,
    school: week.school_cancellations,
    absences: week.absences,
    absence_reports: week.absence_reports,
    ai_messages: week.ai_messages,
    ai_students: week.ai_students,
  }))
  const sum = (pick: (week: Overview['weeks'][number]) => number) => weeks.reduce((n, w) => n + pick(w), 0)
  const bookings = sum((w) => w.bookings)
  const cancellations = sum((w) => w.cancellations)
  const late = sum((w) => w.late_cancellations)
  const absences = sum((w) => w.absences)
  const reports = sum((w) => w.absence_reports)
  const messages = sum((w) => w.ai_messages)

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard
        title={<Trans>Rezerwacje</Trans>}
        summary={t`Zarezerwowane lekcje w wybranych tygodniach: ${bookings}`}
      >
        <BarChart
          h={220}
          data={data}
          dataKey="week"
          yAxisProps={{ allowDecimals: false }}
          series={[{ name: 'bookings', label: t`Rezerwacje`, color: 'indigo.6' }]}
        />
      </ChartCard>
      <ChartCard
        title={<Trans>Odwołania</Trans>}
        summary={t`Odwołania w wybranych tygodniach: ${cancellations}, w tym późne: ${late}`}
      >
        <BarChart
          h={220}
          data={data}
          dataKey="week"
          yAxisProps={{ allowDecimals: false }}
          type="stacked"
          withLegend
          series={[
            { name: 'on_time', label: t`Na czas`, color: 'gray.4' },
            { name: 'late', label: t`Późne`, color: 'red.9' },
            { name: 'school', label: t`Przez szkołę`, color: 'blue.6' },
          ]}
        />
      </ChartCard>
      <ChartCard
        title={<Trans>Nieobecności</Trans>}
        summary={t`Uznane nieobecności: ${absences}; zgłoszenia: ${reports}`}
      >
        <BarChart
          h={220}
          data={data}
          dataKey="week"
          yAxisProps={{ allowDecimals: false }}
          withLegend
          series={[
            { name: 'absence_reports', label: t`Zgłoszenia`, color: 'yellow.4' },
            { name: 'absences', label: t`Uznane`, color: 'red.9' },
          ]}
        />
      </ChartCard>
      <ChartCard title={<Trans>Lekcja z AI</Trans>} summary={t`Wiadomości kursantów do AI: ${messages}`}>
        <LineChart
          h={220}
          data={data}
          dataKey="week"
          yAxisProps={{ allowDecimals: false }}
          withLegend
          curveType="monotone"
          series={[
            { name: 'ai_messages', label: t`Wiadomości`, color: 'teal.7' },
            { name: 'ai_students', label: t`Kursanci`, color: 'grape.4', strokeDasharray: '6 4' },
          ]}
        />
      </ChartCard>
    </SimpleGrid>
  )
}
