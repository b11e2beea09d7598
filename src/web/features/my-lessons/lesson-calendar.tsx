import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { dayMonth, weekdayName } from '../../ui/slot-format.ts'
import { LessonCard } from './lesson-card.tsx'
import { byStart, lessonDay } from './lesson-display.ts'

type Props = { days: string[]; lessons: Lesson[]; today: string }

/**
 * Mantine's `lg`: from here the week is seven columns of compact cards; narrower, a column left
 * too little room for a lesson's time and its menu, so the days are listed one under another.
 */
const COLUMNS_QUERY = '(min-width: 75em)'

/**
 * The calendar view: the shown week (seven columns on wide screens, the whole week without
 * scrolling, design.md "Layout") or one day; lessons sit in their Poland day, soonest first.
 */
export function LessonCalendar({ days, lessons, today }: Props) {
  const { i18n } = useLingui()
  const columns = useMediaQuery(COLUMNS_QUERY, false, { getInitialValueInEffect: false })
  const byDay = new Map<string, Lesson[]>(days.map((day) => [day, []]))
  for (const lesson of [...lessons].sort(byStart)) byDay.get(lessonDay(lesson))?.push(lesson)
  const empty = days.every((day) => (byDay.get(day) ?? []).length === 0)
  const week = days.length > 1
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        <Trans>Godziny lekcji podajemy w czasie polskim.</Trans>
      </Text>
      {empty && (
        <Alert color="gray" variant="light">
          {week ? <Trans>Brak lekcji w tym tygodniu.</Trans> : <Trans>Brak lekcji w tym dniu.</Trans>}
        </Alert>
      )}
      {/* An empty week keeps its seven columns on wide screens; stacked, the notice says it all. */}
      {(week ? columns || !empty : !empty) && (
        <SimpleGrid cols={week ? { base: 1, lg: 7 } : 1} spacing="xs">
          {days.map((day) => {
            const dayLessons = byDay.get(day) ?? []
            const isToday = day === today
            return (
              <Paper
                key={day}
                withBorder
                radius="md"
                p="xs"
                bg={isToday ? 'indigo.0' : undefined}
                component="section"
                aria-label={`${weekdayName(day, i18n.locale)} ${dayMonth(day)}`}
                aria-current={isToday ? 'date' : undefined}
              >
                <Stack gap="xs">
                  {week && (
                    <Text size="sm" fw={600} tt="capitalize">
                      {`${weekdayName(day, i18n.locale)} ${dayMonth(day)}`}
                    </Text>
                  )}
                  {dayLessons.map((lesson) => (
                    <LessonCard key={lesson.id} lesson={lesson} withDate={false} compact={week && columns} />
                  ))}
                  {week && dayLessons.length === 0 && (
                    <Text size="xs" c="dimmed">
                      <Trans>Brak lekcji</Trans>
                    </Text>
                  )}
                </Stack>
              </Paper>
            )
          })}
        </SimpleGrid>
      )}
    </Stack>
  )
}
