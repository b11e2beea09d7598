import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/SimpleGrid.css'
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Box, MultiSelect, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconTrash } from '@tabler/icons-react'
import type { TeacherLanguageRow } from '../../../domain/validation/teacher-languages.ts'
import { fieldProps } from './field-props.ts'
import type { TeacherLanguagesValues } from './section-rules.ts'

type Option = { value: string; label: string }

type LanguageRowFieldsProps = {
  form: UseFormReturnType<TeacherLanguagesValues, unknown>
  index: number
  row: TeacherLanguageRow
  rows: TeacherLanguageRow[]
  languageOptions: Option[]
  levelOptions: Option[]
  specializationOptions: Option[]
}

const idOrNull = (value: string | null) => (value === null ? null : Number(value))

/** One taught language: language, level and specializations; rows after the first can go. */
export function LanguageRowFields({
  form,
  index,
  row,
  rows,
  languageOptions,
  levelOptions,
  specializationOptions,
}: LanguageRowFieldsProps) {
  const { t } = useLingui()
  const path = `language_rows.${index}`
  const number = index + 1
  // product-rules.md "Validation": a language cannot be picked twice — the other rows' languages
  // are not offered.
  const taken = new Set(rows.filter((_, i) => i !== index).map((r) => r.language_id))
  const languages = languageOptions.map((o) => ({ ...o, disabled: taken.has(Number(o.value)) }))
  const languageName = languageOptions.find((o) => o.value === String(row.language_id))?.label ?? ''

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={t`Język ${number}`}>
      <Stack gap="sm">
        <Box style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Text fw={600} size="sm">
            {languageName || t`Język ${number}`}
          </Text>
          {index > 0 && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={languageName ? t`Usuń język ${languageName}` : t`Usuń język ${number}`}
              onClick={() => form.removeListItem('language_rows', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        </Box>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t`Język`}
            data={languages}
            searchable
            required
            nothingFoundMessage={t`Brak takiego języka`}
            {...fieldProps(form, `${path}.language_id`)}
            value={row.language_id === null ? null : String(row.language_id)}
            onChange={(value) => form.setFieldValue(`language_rows.${index}.language_id`, idOrNull(value))}
          />
          <Select
            label={t`Poziom`}
            data={levelOptions}
            required
            {...fieldProps(form, `${path}.level_id`)}
            value={row.level_id === null ? null : String(row.level_id)}
            onChange={(value) => form.setFieldValue(`language_rows.${index}.level_id`, idOrNull(value))}
          />
        </SimpleGrid>
        <MultiSelect
          label={t`Specjalizacje`}
          description={t`Wybierz co najmniej jedną`}
          data={specializationOptions}
          searchable
          required
          hidePickedOptions
          {...fieldProps(form, `${path}.specialization_ids`)}
          value={row.specialization_ids.map(String)}
          onChange={(ids) => form.setFieldValue(`language_rows.${index}.specialization_ids`, ids.map(Number))}
        />
      </Stack>
    </Paper>
  )
}
