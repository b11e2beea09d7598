import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Select, SimpleGrid, Stack } from '@mantine/core'
import { IconFilterOff } from '@tabler/icons-react'
import type { Language, Level } from '../../../domain/api/dictionaries.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { dayMonth, weekdayName } from '../../ui/slot-format.ts'
import { TimePicker } from '../../ui/time-picker.tsx'
import { validTime } from '../../ui/time-picker-options.ts'
import type { SetLessonsState } from './set-lessons-url.ts'

type Props = {
  state: SetLessonsState
  language: number | null
  dates: string[]
  languages: Language[]
  levels: Level[]
  /** Whether the fields sit under the phone's summary (they keep a gap below it). */
  phone: boolean
  onChange: (patch: Partial<SetLessonsState>) => void
}

/**
 * The fields of the teacher list's filters (product-rules.md "Teacher search"): a chunk of their
 * own, with Mantine's comboboxes and popovers, so a phone's first set-lessons screen, where they
 * are folded away, renders without them.
 */
export function TeacherFilterFields({ state, language, dates, languages, levels, phone, onChange }: Props) {
  const { t, i18n } = useLingui()
  const set = (patch: Partial<SetLessonsState>) => onChange({ ...patch, page: 1 })
  const filtered =
    typeof state.language === 'number' || state.level !== null || state.day || state.from || state.to
  return (
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
  )
}
