import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Select, Stack, Text, Textarea } from '@mantine/core'
import type { Language, Level, Specialization } from '../../../../domain/api/dictionaries.ts'
import { ABOUT_MAX } from '../../../../domain/validation/rules.ts'
import { languageLabel, specializationLabel } from '../../../ui/language-labels.ts'
import { dayMonth, weekdayName } from '../../../ui/slot-format.ts'
import { TimePicker } from '../../../ui/time-picker.tsx'
import { validTime } from '../../../ui/time-picker-options.ts'
import type { OnboardingAnswers } from './onboarding-answers.ts'

// The fields of the onboarding steps (steps 1, 2, 4 and 5).

type FieldProps = { answers: OnboardingAnswers; onChange: (patch: Partial<OnboardingAnswers>) => void }

const idValue = (id: number | null) => (id === null ? null : String(id))

export function LanguageFields({ answers, onChange, languages }: FieldProps & { languages: Language[] }) {
  const { t, i18n } = useLingui()
  const data = languages.map((l) => ({ value: String(l.id), label: languageLabel(l, i18n.locale) }))
  // The language to learn is preset; only a student who has none chooses it.
  const preset = answers.languageId !== null
  return (
    <Stack gap="sm">
      <Select
        label={t`Język, którego chcesz się uczyć`}
        data={data}
        value={idValue(answers.languageId)}
        onChange={(value) => onChange({ languageId: value ? Number(value) : null })}
        disabled={preset}
        searchable
        allowDeselect={false}
      />
      <Select
        label={t`Język, w którym mają być prowadzone lekcje`}
        data={data}
        value={idValue(answers.teachingLanguageId)}
        onChange={(value) => onChange({ teachingLanguageId: value ? Number(value) : null })}
        searchable
        allowDeselect={false}
      />
    </Stack>
  )
}

type LevelProps = FieldProps & { levels: Level[]; specializations: Specialization[] }

export function LevelFields({ answers, onChange, levels, specializations }: LevelProps) {
  const { t, i18n } = useLingui()
  return (
    <Stack gap="sm">
      <Select
        label={t`Twój poziom`}
        data={levels.map((l) => ({ value: String(l.id), label: l.name }))}
        value={idValue(answers.levelId)}
        onChange={(value) => onChange({ levelId: value ? Number(value) : null })}
        allowDeselect={false}
      />
      <Select
        label={t`Specjalizacja (opcjonalnie)`}
        placeholder={t`Dowolna`}
        data={specializations.map((s) => ({
          value: String(s.id),
          label: specializationLabel(s, i18n.locale),
        }))}
        value={idValue(answers.specializationId)}
        onChange={(value) => onChange({ specializationId: value ? Number(value) : null })}
        clearable
      />
    </Stack>
  )
}

type DateTimeProps = FieldProps & { dates: string[]; after: (date: string) => string | undefined }

/** Step 4 with the app's time picker (15-minute steps, 06–23, not in the past). */
export function DateTimeFields({ answers, onChange, dates, after }: DateTimeProps) {
  const { t, i18n } = useLingui()
  const date = answers.date
  return (
    <Stack gap="sm">
      <Select
        label={t`Dzień pierwszej lekcji`}
        data={dates.map((d) => ({ value: d, label: `${weekdayName(d, i18n.locale)} ${dayMonth(d)}` }))}
        value={date}
        onChange={(value) =>
          onChange({ date: value, time: value ? validTime(answers.time, after(value)) : answers.time })
        }
        allowDeselect={false}
      />
      <TimePicker
        label={t`Godzina (czas polski)`}
        value={answers.time}
        after={date ? after(date) : undefined}
        onChange={(time) => onChange({ time })}
      />
      <Text size="xs" c="dimmed">
        <Trans>Szukamy lektora wolnego o tej godzinie albo do 2 godzin wcześniej lub później.</Trans>
      </Text>
    </Stack>
  )
}

export function AboutField({ answers, onChange }: FieldProps) {
  const { t } = useLingui()
  return (
    <Textarea
      label={t`Kilka słów o sobie`}
      description={t`Lektor przeczyta to przed pierwszą lekcją: po co się uczysz, czym się zajmujesz, co lubisz.`}
      value={answers.about}
      onChange={(event) => onChange({ about: event.currentTarget.value })}
      maxLength={ABOUT_MAX}
      autosize
      minRows={3}
      maxRows={8}
    />
  )
}
