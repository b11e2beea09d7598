import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/SegmentedControl.css'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import {
  type AiSettings,
  CEFR_LEVELS,
  cefrLevel,
  DAILY_GOAL_MAX,
  DAILY_GOAL_MIN,
} from '../../../domain/api/ai-lesson.ts'
import { useAiSettings, useSaveAiSettings } from '../../api/ai-lesson.ts'
import { useLanguages } from '../../api/dictionaries.ts'
import { useProfile } from '../../api/profile.ts'
import { FormError } from '../../ui/form-error.tsx'
import { languageLabel, pickById } from '../../ui/language-labels.ts'
import { showToast } from '../../ui/toast.ts'

/** Settings: learned language, level, explanation language, daily goal. */
export function SettingsTab() {
  const { t, i18n } = useLingui()
  const settings = useAiSettings()
  const save = useSaveAiSettings()
  const profile = useProfile().data
  const learned = pickById(
    useLanguages().data,
    (profile?.languages_learned ?? []).map((language) => language.language_id),
  )
  const [form, setForm] = useState<AiSettings | null>(null)
  useEffect(() => {
    if (settings.data && form === null) {
      const { chat_enabled: _chat, transcription_enabled: _transcription, ...values } = settings.data
      setForm(values)
    }
  }, [settings.data, form])
  if (settings.isError) return <FormError>{t`Nie udało się wczytać ustawień.`}</FormError>
  if (!form) return <Loader size="sm" aria-label={t`Wczytywanie ustawień`} />
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(form, {
      onSuccess: () => showToast({ message: t`Zapisano ustawienia`, color: 'green', autoClose: 1500 }),
    })
  }
  return (
    <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} maw={560}>
      <Stack gap="md">
        <Select
          label={t`Język, którego się uczysz`}
          data={learned.map((language) => ({
            value: String(language.id),
            label: languageLabel(language, i18n.locale),
          }))}
          value={form.language_id === null ? null : String(form.language_id)}
          onChange={(value) => setForm({ ...form, language_id: value === null ? null : Number(value) })}
          placeholder={t`Dodaj języki w profilu`}
          allowDeselect={false}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="ai-level-label">
            <Trans>Poziom (CEFR)</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="ai-level-label"
            data={[...CEFR_LEVELS]}
            value={form.level}
            onChange={(value) => setForm({ ...form, level: cefrLevel(value) ?? form.level })}
          />
        </Stack>
        <Select
          label={t`Język wyjaśnień`}
          description={t`W tym języku lektor AI wyjaśnia Twoje błędy.`}
          data={[
            { value: 'pl', label: t`polski` },
            { value: 'en', label: t`angielski` },
          ]}
          value={form.explanation_locale}
          onChange={(value) => setForm({ ...form, explanation_locale: value === 'en' ? 'en' : 'pl' })}
          allowDeselect={false}
        />
        <NumberInput
          label={t`Dzienny cel (minuty rozmowy)`}
          min={DAILY_GOAL_MIN}
          max={DAILY_GOAL_MAX}
          step={5}
          value={form.daily_goal_minutes}
          onChange={(value) =>
            setForm({
              ...form,
              daily_goal_minutes: typeof value === 'number' ? Math.round(value) : DAILY_GOAL_MIN,
            })
          }
          clampBehavior="strict"
        />
        {save.isError && <FormError>{t`Nie udało się zapisać ustawień. Spróbuj ponownie.`}</FormError>}
        <Group>
          <Button type="submit" loading={save.isPending}>
            <Trans>Zapisz</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
