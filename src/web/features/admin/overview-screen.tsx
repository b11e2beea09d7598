import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core'
import { type FormEvent, Suspense, useEffect, useState } from 'react'
import { useOverview } from '../../api/admin-overview.ts'
import { lazyComponent } from '../../ui/lazy-component.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { AdminDateField, isDayTypo } from './admin-date-field.tsx'
import { LoadFailure } from './load-failure.tsx'
import { OverviewTeachers } from './overview-teachers.tsx'
import {
  MAX_PERIOD_DAYS,
  periodProblem,
  readOverviewUrl,
  WEEK_CHOICES,
  writeOverviewUrl,
} from './overview-url.ts'
import { OverviewWeeksTable } from './overview-weeks-table.tsx'
import { useUrlFilters } from './url-filters.ts'

// The charts (recharts) load when the overview opens, not with the console's other screens.
const OverviewCharts = lazyComponent(async () => (await import('./overview-charts.tsx')).OverviewCharts)

/** "2026-11-30" → "30.11.2026". */
const dayText = (key: string) => key.split('-').reverse().join('.')

/** The console's Overview: the school's weeks in numbers, and how full each teacher's published hours are. */
export function OverviewScreen() {
  const { t } = useLingui()
  const [filters, go] = useUrlFilters(readOverviewUrl, writeOverviewUrl)
  const overview = useOverview(filters)
  const [from, setFrom] = useState(filters.date_from ?? '')
  const [to, setTo] = useState(filters.date_to ?? '')
  useEffect(() => {
    setFrom(filters.date_from ?? '')
    setTo(filters.date_to ?? '')
  }, [filters.date_from, filters.date_to])
  const [submitted, setSubmitted] = useState(false)
  const typo = isDayTypo(from) || isDayTypo(to)
  const problem = from && to && !typo ? periodProblem(from, to) : null
  const missing = (from === '') !== (to === '')
  const applyPeriod = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (problem || missing || typo) return
    go((current) => ({ ...current, date_from: from || undefined, date_to: to || undefined }))
  }
  const period = overview.data
    ? `${dayText(overview.data.period.date_from)}–${dayText(overview.data.period.date_to)}`
    : ''

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Przegląd</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Tygodnie szkoły (od poniedziałku, czas polski) i obłożenie lektorów.</Trans>
        </Text>
      </div>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={applyPeriod} aria-label={t`Okres`}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={t`Tygodnie na wykresach`}
            value={String(filters.weeks)}
            allowDeselect={false}
            onChange={(value) => go((current) => ({ ...current, weeks: Number(value) || 12 }))}
            data={WEEK_CHOICES.map((weeks) => ({ value: String(weeks), label: t`Ostatnie ${weeks} tyg.` }))}
            w={180}
          />
          <AdminDateField
            label={t`Obłożenie od dnia`}
            value={from}
            onChange={setFrom}
            submitted={submitted}
            error={missing && from === '' ? t`Podaj oba dni albo żaden` : null}
          />
          <AdminDateField
            label={t`do dnia`}
            value={to}
            onChange={setTo}
            submitted={submitted}
            error={
              problem === 'order'
                ? t`Koniec zakresu jest przed początkiem`
                : problem === 'too_long'
                  ? t`Wybierz najwyżej ${MAX_PERIOD_DAYS} dni`
                  : missing && to === ''
                    ? t`Podaj oba dni albo żaden`
                    : null
            }
          />
          <Button type="submit" variant="default" mt={{ base: 0, xs: 25 }}>
            <Trans>Pokaż okres</Trans>
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          <Trans>Bez dni obłożenie liczy się za tygodnie z wykresów.</Trans>
        </Text>
      </Paper>
      {overview.data ? (
        <Stack
          gap="md"
          aria-busy={overview.isFetching}
          style={{ opacity: overview.isPlaceholderData ? 0.6 : 1 }}
        >
          <Suspense fallback={<PageLoader label={<Trans>Wczytujemy wykresy…</Trans>} />}>
            <OverviewCharts weeks={overview.data.weeks} />
          </Suspense>
          <Text size="xs" c="dimmed">
            <Trans>
              Późne odwołanie: przez lektora lub kursanta mniej niż {overview.data.cancellation_earliness} h
              przed lekcją.
            </Trans>
          </Text>
          <OverviewWeeksTable weeks={overview.data.weeks} />
          <OverviewTeachers teachers={overview.data.teachers} period={period} />
        </Stack>
      ) : overview.isError ? (
        <LoadFailure
          error={overview.error}
          retrying={overview.isFetching}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <PageLoader label={<Trans>Wczytujemy przegląd…</Trans>} />
      )}
    </Stack>
  )
}
