import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/SimpleGrid.css'
import { useLingui } from '@lingui/react/macro'
import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core'
import { AdminDateField } from './admin-date-field.tsx'
import { knownActions, targetTypes } from './audit-labels.ts'
import type { AuditUrlFilters } from './audit-url.ts'
import { FilterActions } from './filter-actions.tsx'
import { useFilterDraft } from './use-filter-draft.ts'

type Props = { value: AuditUrlFilters; onApply: (filters: AuditUrlFilters) => void }

/** The audit log's filters: action, target (type and id) and a range of days. */
export function AuditFilters({ value, onApply }: Props) {
  const { t, i18n } = useLingui()
  const { draft, setDraft, submitted, rangeError, submit } = useFilterDraft(value, onApply, (d) => ({
    ...d,
    target_id: d.target_id.trim(),
  }))
  const set = (key: keyof Omit<AuditUrlFilters, 'page'>) => (next: string | null) =>
    setDraft((current) => ({ ...current, [key]: next ?? '' }))
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
        <Select
          label={t`Działanie`}
          placeholder={t`Każde`}
          value={draft.action || null}
          onChange={set('action')}
          clearable
          searchable
          nothingFoundMessage={t`Nie ma takiego działania`}
          data={knownActions.map((a) => ({ value: a.value, label: i18n._(a.label) }))}
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
      <FilterActions onClear={() => onApply(empty)} />
    </Paper>
  )
}
