import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/SimpleGrid.css'
import { useLingui } from '@lingui/react/macro'
import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import { GROUP_CLASS_STATES } from '../../../domain/api/admin-group-classes.ts'
import { useLanguages } from '../../api/dictionaries.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { FilterActions } from './filter-actions.tsx'
import { emptyGroupClassesFilters, type GroupClassesUrlFilters } from './group-classes-url.ts'
import { LessonPartyPicker } from './lesson-party-picker.tsx'

type Props = { value: GroupClassesUrlFilters; onApply: (filters: GroupClassesUrlFilters) => void }

/** The group classes' filters: the teacher, the language, the company and the state. */
export function GroupClassesFilters({ value, onApply }: Props) {
  const { t, i18n } = useLingui()
  const languages = useLanguages().data ?? []
  const [draft, setDraft] = useState(value)
  const address = JSON.stringify(value)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `address` stands for `value`.
  useEffect(() => setDraft(value), [address])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply({ ...draft, company: draft.company.trim(), page: 1 })
  }
  const stateLabels = {
    active: t`Trwają`,
    finished: t({ message: 'Zakończone', context: 'group class' }),
    cancelled: t`Odwołane`,
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={submit}
      role="search"
      aria-label={t`Filtry zajęć grupowych`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <LessonPartyPicker
          party="teacher"
          label={t`Lektor`}
          value={{ id: draft.teacher, name: draft.teacher_name }}
          onChange={({ id, name }) => setDraft({ ...draft, teacher: id, teacher_name: name })}
        />
        <Select
          label={t`Język`}
          placeholder={t`Każdy`}
          clearable
          searchable
          value={draft.language || null}
          onChange={(language) => setDraft({ ...draft, language: language ?? '' })}
          data={languages.map((language) => ({
            value: String(language.id),
            label: languageLabel(language, i18n.locale),
          }))}
        />
        <TextInput
          label={t`Firma`}
          value={draft.company}
          maxLength={100}
          onChange={(event) => setDraft({ ...draft, company: event.currentTarget.value })}
        />
        <Select
          label={t`Stan`}
          placeholder={t`Każdy`}
          clearable
          value={draft.state || null}
          onChange={(state) =>
            setDraft({ ...draft, state: GROUP_CLASS_STATES.find((s) => s === state) ?? '' })
          }
          data={GROUP_CLASS_STATES.map((state) => ({ value: state, label: stateLabels[state] }))}
        />
      </SimpleGrid>
      <FilterActions onClear={() => onApply(emptyGroupClassesFilters)} />
    </Paper>
  )
}
