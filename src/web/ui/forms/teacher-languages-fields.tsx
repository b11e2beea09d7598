import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconPlus } from '@tabler/icons-react'
import { useLanguages, useLevels, useSpecializations } from '../../api/dictionaries.ts'
import { languageLabel, specializationLabel } from '../language-labels.ts'
import { fieldProps } from './field-props.ts'
import { LanguageRowFields } from './language-row-fields.tsx'
import { sortedOptions } from './options.ts'
import { SectionFieldset } from './section-fieldset.tsx'
import { emptyLanguageRow, type TeacherLanguagesValues } from './section-rules.ts'

export type TeacherLanguagesFieldsProps = {
  /** Any form whose values include TeacherLanguagesValues at the root (see section-rules.ts). */
  form: UseFormReturnType<TeacherLanguagesValues, unknown>
}

/**
 * Taught languages with level and specializations, and the languages taught in (EditLanguages,
 * registration step "teaching skills"). product-rules.md "Validation": a language only once, rows
 * added until every language is used, every row but the first can be removed.
 */
export function TeacherLanguagesFields({ form }: TeacherLanguagesFieldsProps) {
  const { t, i18n } = useLingui()
  const languages = useLanguages()
  const levels = useLevels()
  const specializations = useSpecializations()
  const rows = form.useWatchValue('language_rows')

  if (languages.isError || levels.isError || specializations.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t`Nie udało się wczytać list języków`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <Trans>Sprawdź połączenie z internetem i spróbuj ponownie.</Trans>
          </Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              void languages.refetch()
              void levels.refetch()
              void specializations.refetch()
            }}
          >
            <Trans>Spróbuj ponownie</Trans>
          </Button>
        </Stack>
      </Alert>
    )
  }
  if (!languages.data || !levels.data || !specializations.data) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          <Trans>Wczytujemy listę języków…</Trans>
        </Text>
      </Group>
    )
  }

  const locale = i18n.locale
  const languageOptions = sortedOptions(languages.data, (l) => languageLabel(l, locale), locale)
  const levelOptions = levels.data.map((level) => ({ value: String(level.id), label: level.name }))
  const specializationOptions = sortedOptions(
    specializations.data,
    (s) => specializationLabel(s, locale),
    locale,
  )
  const groupError = form.errors.language_rows
  const canAdd = rows.length < languages.data.length

  return (
    <Stack gap="md">
      <SectionFieldset legend={t`Języki, których uczysz`}>
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row, index) => (
            <LanguageRowFields
              key={form.key(`language_rows.${index}`)}
              form={form}
              index={index}
              row={row}
              rows={rows}
              languageOptions={languageOptions}
              levelOptions={levelOptions}
              specializationOptions={specializationOptions}
            />
          ))}
        </Stack>
      </SectionFieldset>
      {groupError && (
        <Text size="sm" c="red.8" role="alert">
          {groupError}
        </Text>
      )}
      {canAdd && (
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => form.insertListItem('language_rows', emptyLanguageRow())}
        >
          <Trans>Dodaj kolejny język</Trans>
        </Button>
      )}
      <MultiSelect
        label={t`Języki, w których prowadzisz lekcje`}
        description={t`Np. polski, jeśli tłumaczysz kursantom po polsku`}
        data={languageOptions}
        searchable
        required
        hidePickedOptions
        nothingFoundMessage={t`Brak takiego języka`}
        {...fieldProps(form, 'teaching_languages')}
        value={form.getValues().teaching_languages.map(String)}
        onChange={(ids) => form.setFieldValue('teaching_languages', ids.map(Number))}
      />
    </Stack>
  )
}
