import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import { useLingui } from '@lingui/react/macro'
import { Select } from '@mantine/core'
import { useState } from 'react'
import { type LessonParty, useLessonPartySearch } from '../../api/admin-lessons.ts'
import { useDebounced } from './use-debounced.ts'

type Props = {
  party: 'teacher' | 'student'
  label: string
  /** The chosen person's id and the name shown for it ('' for nobody). */
  value: { id: string; name: string }
  onChange: (value: { id: string; name: string }) => void
}

const optionLabel = (person: LessonParty) => (person.name ? `${person.name} (${person.email})` : person.email)

/** A teacher or student found by name or e-mail on the server (the console's people lists). */
export function LessonPartyPicker({ party, label, value, onChange }: Props) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  const query = useDebounced(search.trim(), 300)
  const found = useLessonPartySearch(party, query)
  const people = found.data ?? []
  const data = people.map((person) => ({ value: person.id, label: optionLabel(person) }))
  if (value.id && !data.some((option) => option.value === value.id))
    data.unshift({ value: value.id, label: value.name || value.id })

  return (
    <Select
      label={label}
      placeholder={t`Imię lub e-mail`}
      searchable
      clearable
      data={data}
      value={value.id || null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already: every option it sent matches.
      filter={({ options }) => options}
      nothingFoundMessage={query.length >= 2 && !found.isFetching ? t`Nikogo nie znaleziono` : undefined}
      onChange={(id, option) => onChange({ id: id ?? '', name: id && option ? option.label : '' })}
    />
  )
}
