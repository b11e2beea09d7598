import '@mantine/charts/styles.css'
import '@mantine/core/styles/ColorSwatch.css'
import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { AreaChart, BarChart } from '@mantine/charts'
import { Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { MISTAKE_KINDS } from '../../../domain/api/ai-lesson.ts'
import { useAiProgress } from '../../api/ai-lesson.ts'
import { FormError } from '../../ui/form-error.tsx'
import { MISTAKE_LABELS } from './chat-message.tsx'

// The progress tab: a chunk of its own with Mantine's charts (recharts), loaded only when the tab
// opens. Each chart has a text summary beside it (not only a picture).

const MISTAKE_COLORS = {
  grammar: 'indigo.6',
  vocabulary: 'teal.6',
  spelling: 'orange.6',
  word_order: 'grape.6',
} as const

function Stat({ value, label }: { value: ReactNode; label: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text fz={28} fw={700} lh={1.1}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  )
}

function ChartCard({ title, summary, children }: { title: ReactNode; summary: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <div role="img" aria-label={summary}>
          {children}
        </div>
      </Stack>
    </Paper>
  )
}

export function ProgressTab() {
  const { t, i18n } = useLingui()
  const progress = useAiProgress()
  if (progress.isPending) return <Loader size="sm" aria-label={t`Wczytywanie postępów`} />
  if (progress.isError) return <FormError>{t`Nie udało się wczytać postępów.`}</FormError>
  const p = progress.data
  const days = p.days.map((day) => ({
    day: `${day.date.slice(8, 10)}.${day.date.slice(5, 7)}`,
    reviews: day.reviews,
    minutes: day.conversation_minutes,
    ...day.mistakes,
  }))
  const sum = (pick: (d: (typeof p.days)[number]) => number) =>
    p.days.reduce((total, d) => total + pick(d), 0)
  const mistakes = sum(
    (d) => d.mistakes.grammar + d.mistakes.vocabulary + d.mistakes.spelling + d.mistakes.word_order,
  )
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Stat value={p.words_learned} label={<Trans>Opanowane słowa</Trans>} />
        <Stat value={p.words_due} label={<Trans>Słowa do powtórki</Trans>} />
        <Stat value={p.review_streak_days} label={<Trans>Seria powtórek (dni)</Trans>} />
        <Stat value={sum((d) => d.conversation_minutes)} label={<Trans>Minuty rozmowy (14 dni)</Trans>} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChartCard
          title={<Trans>Powtórki dziennie</Trans>}
          summary={t`Powtórki w ostatnich 14 dniach: ${sum((d) => d.reviews)}`}
        >
          <BarChart
            h={220}
            data={days}
            dataKey="day"
            series={[{ name: 'reviews', label: t`Powtórki`, color: 'indigo.6' }]}
          />
        </ChartCard>
        <ChartCard
          title={<Trans>Minuty rozmowy</Trans>}
          summary={t`Minuty rozmowy w ostatnich 14 dniach: ${sum((d) => d.conversation_minutes)}`}
        >
          <AreaChart
            h={220}
            data={days}
            dataKey="day"
            curveType="monotone"
            series={[{ name: 'minutes', label: t`Minuty`, color: 'teal.6' }]}
          />
        </ChartCard>
      </SimpleGrid>
      <ChartCard
        title={<Trans>Błędy według rodzaju</Trans>}
        summary={t`Błędy w ostatnich 14 dniach: ${mistakes}`}
      >
        <BarChart
          h={240}
          data={days}
          dataKey="day"
          type="stacked"
          withLegend
          series={MISTAKE_KINDS.map((kind) => ({
            name: kind,
            label: i18n._(MISTAKE_LABELS[kind]),
            color: MISTAKE_COLORS[kind],
          }))}
        />
      </ChartCard>
    </Stack>
  )
}
