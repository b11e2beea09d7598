import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Button, Group, SegmentedControl, Text } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { dayMonth, fullDate, weekdayName } from '../../ui/slot-format.ts'
import { rangeDays, shiftDate, showsToday } from './calendar-range.ts'
import type { CalendarRange } from './my-lessons-url.ts'

type Props = {
  range: CalendarRange
  date: string
  today: string
  onDate: (date: string | null) => void
  onRange: (range: CalendarRange) => void
}

/** The my-lessons calendar: week or day, previous / next / today (Poland dates). */
export function CalendarToolbar({ range, date, today, onDate, onRange }: Props) {
  const { t, i18n } = useLingui()
  const { from, to } = rangeDays(range, date)
  const label =
    range === 'week'
      ? `${dayMonth(from)} – ${fullDate(to)}`
      : `${weekdayName(date, i18n.locale)}, ${fullDate(date)}`
  const week = range === 'week'
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="wrap" role="group" aria-label={t`Nawigacja kalendarza`}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={week ? t`Poprzedni tydzień` : t`Poprzedni dzień`}
          onClick={() => onDate(shiftDate(range, date, -1))}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Button
          variant="default"
          disabled={showsToday(range, date, today)}
          onClick={() => onDate(null)}
          style={{ flexShrink: 0 }}
        >
          <Trans>Dziś</Trans>
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={week ? t`Następny tydzień` : t`Następny dzień`}
          onClick={() => onDate(shiftDate(range, date, 1))}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
        <Text fw={600} aria-live="polite" ml="xs">
          {label}
        </Text>
      </Group>
      <SegmentedControl
        aria-label={t`Zakres kalendarza`}
        value={range}
        onChange={(value) => onRange(value === 'day' ? 'day' : 'week')}
        data={[
          { value: 'week', label: t`Tydzień` },
          { value: 'day', label: t`Dzień` },
        ]}
      />
    </Group>
  )
}
