import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Collapse, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { useLanguages, useLevels } from '../../api/dictionaries.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { dayMonth, weekdayName } from '../../ui/slot-format.ts'
import { TimePicker } from '../../ui/time-picker.tsx'
import { validTime } from '../../ui/time-picker-options.ts'
import type { SetLessonsState } from './set-lessons-url.ts'

type Props = {
  state: SetLessonsState
  /** The language shown when the URL names none (the student's first learned language). */
  language: number | null
  /** spec §9 calendar: the dates that may be chosen (today to the end of next week). */
  dates: string[]
  onChange: (patch: Partial<SetLessonsState>) => void
}

/** A phone: the filters fold away under a one-line summary (issue #11 item 8). */
const PHONE_QUERY = '(max-width: 36em)'

/**
 * spec §3 teacher list filters: language, level, day, time from/to (spec §5 time picker). On a
 * phone they took the whole first screen, so there they fold under a summary of what is chosen.
 */
export function TeacherFilters({ state, language, dates, onChange }: Props) {
  const { t, i18n } = useLingui()
  const languages = useLanguages().data ?? []
  const levels = useLevels().data ?? []
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false })
  const [unfolded, setUnfolded] = useState(false)
  const fieldsId = useId()
  const chosenLanguage = languages.find((l) => l.id === language)
  const chosenLevel = levels.find((l) => l.id === state.level)
  const level = chosenLevel?.name
  const from = state.from
  const summary = [
    chosenLanguage ? languageLabel(chosenLanguage, i18n.locale) : t`każdy język`,
    level ? t`poziom ${level}` : t`każdy poziom`,
    state.day ? `${weekdayName(state.day, i18n.locale)} ${dayMonth(state.day)}` : t`każdy dzień`,
    ...(from ? [state.to ? `${from}–${state.to}` : t`od ${from}`] : []),
  ].join(' · ')
  const set = (patch: Partial<SetLessonsState>) => onChange({ ...patch, page: 1 })
  const filtered =
    typeof state.language === 'number' || state.level !== null || state.day || state.from || state.to
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t`Filtry`}>
      {phone && (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" style={{ minWidth: 0, flex: 1 }}>
            {summary}
          </Text>
          <Button
            variant="light"
            size="xs"
            style={{ flexShrink: 0 }}
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            aria-expanded={unfolded}
            aria-controls={fieldsId}
            onClick={() => setUnfolded(!unfolded)}
          >
            {unfolded ? <Trans>Zwiń filtry</Trans> : <Trans>Zmień filtry</Trans>}
          </Button>
        </Group>
      )}
      <Collapse expanded={!phone || unfolded} id={fieldsId}>
        <Stack gap="md" pt={phone ? 'md' : 0}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md" verticalSpacing="sm">
            <Select
              label={t`Język`}
              placeholder={t`Dowolny`}
              data={languages.map((l) => ({ value: String(l.id), label: languageLabel(l, i18n.locale) }))}
              value={language === null ? null : String(language)}
              onChange={(value) => set({ language: value ? Number(value) : 'any' })}
              searchable
              clearable
            />
            <Select
              label={t`Poziom`}
              placeholder={t`Dowolny`}
              data={levels.map((l) => ({ value: String(l.id), label: l.name }))}
              value={state.level === null ? null : String(state.level)}
              onChange={(value) => set({ level: value ? Number(value) : null })}
              clearable
            />
            <Select
              label={t`Dzień`}
              placeholder={t`Dowolny`}
              data={dates.map((date) => ({
                value: date,
                label: `${weekdayName(date, i18n.locale)} ${dayMonth(date)}`,
              }))}
              value={state.day && dates.includes(state.day) ? state.day : null}
              onChange={(value) => set({ day: value })}
              clearable
            />
            <TimePicker
              label={t`Od godziny`}
              value={state.from ?? ''}
              onChange={(from) =>
                set({
                  from: from || null,
                  to: state.to && from ? validTime(state.to, from) || null : state.to,
                })
              }
              clearable
            />
            <TimePicker
              label={t`Do godziny`}
              value={state.to ?? ''}
              after={state.from ?? undefined}
              onChange={(to) => set({ to: to || null })}
              disabled={!state.from}
              clearable
            />
          </SimpleGrid>
          {filtered && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() => set({ language: 'any', level: null, day: null, from: null, to: null })}
              style={{ alignSelf: 'flex-start' }}
            >
              <Trans>Wyczyść filtry</Trans>
            </Button>
          )}
        </Stack>
      </Collapse>
    </Paper>
  )
}
