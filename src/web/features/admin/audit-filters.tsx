import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Autocomplete, Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { type FormEvent, useEffect, useState } from 'react'
import { AdminDateField, isDayTypo } from './admin-date-field.tsx'
import type { AuditUrlFilters } from './audit-url.ts'
import { knownActions, targetTypes } from './audit-values.ts'

type Props = { value: AuditUrlFilters; onApply: (filters: AuditUrlFilters) => void }

/** The audit log's filters: action, target (type and id) and a range of days. */
export function AuditFilters({ value, onApply }: Props) {
  const { t, i18n } = useLingui()
  const [draft, setDraft] = useState(value)
  // The draft follows the address when it changes, not each time the screen renders anew (the
  // screen reads a new object from the address every render: a typed day would be lost).
  const address = JSON.stringify(value)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `address` stands for `value`.
  useEffect(() => setDraft(value), [address])
  const set = (key: keyof Omit<AuditUrlFilters, 'page'>) => (next: string | null) =>
    setDraft((current) => ({ ...current, [key]: next ?? '' }))
  const [submitted, setSubmitted] = useState(false)
  const typo = isDayTypo(draft.from) || isDayTypo(draft.to)
  const rangeError =
    !typo && draft.from && draft.to && draft.from > draft.to ? t`Koniec zakresu jest przed początkiem` : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!rangeError && !typo)
      onApply({ ...draft, action: draft.action.trim(), target_id: draft.target_id.trim(), page: 1 })
  }
  const empty = { action: '', target_type: '', target_id: '', from: '', to: '', page: 1 }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={submit}
      role="search"
      aria-label={t`Filtry dziennika`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <Autocomplete
          label={t`Działanie`}
          placeholder={t`np. settings.update`}
          value={draft.action}
          onChange={set('action')}
          data={knownActions.map((a) => ({ value: a.value, label: `${a.value} – ${i18n._(a.label)}` }))}
        />
        <Select
          label={t`Rodzaj celu`}
          placeholder={t`Każdy`}
          value={draft.target_type || null}
          onChange={set('target_type')}
          clearable
          data={targetTypes.map((type) => ({ value: type.value, label: i18n._(type.label) }))}
        />
        <TextInput
          label={t`Identyfikator celu`}
          value={draft.target_id}
          onChange={(event) => set('target_id')(event.currentTarget.value)}
          spellCheck={false}
        />
        <AdminDateField label={t`Od dnia`} value={draft.from} onChange={set('from')} submitted={submitted} />
        <AdminDateField
          label={t`Do dnia`}
          value={draft.to}
          onChange={set('to')}
          error={rangeError}
          submitted={submitted}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button variant="subtle" color="gray" onClick={() => onApply(empty)}>
          <Trans>Wyczyść</Trans>
        </Button>
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          <Trans>Filtruj</Trans>
        </Button>
      </Group>
    </Paper>
  )
}
