import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/SimpleGrid.css'
import { useLingui } from '@lingui/react/macro'
import { Paper, Select, SimpleGrid } from '@mantine/core'
import { isLessonStatus } from '../../api/admin-lessons.ts'
import { AdminDateField } from './admin-date-field.tsx'
import { FilterActions } from './filter-actions.tsx'
import { LessonPartyPicker } from './lesson-party-picker.tsx'
import { emptyLessonsFilters, type LessonsUrlFilters } from './lessons-url.ts'
import { useFilterDraft } from './use-filter-draft.ts'

type Props = { value: LessonsUrlFilters; onApply: (filters: LessonsUrlFilters) => void }

/** The lessons' filters: a range of Poland days, the teacher, the student and the status. */
export function LessonsFilters({ value, onApply }: Props) {
  const { t } = useLingui()
  const { draft, setDraft, submitted, rangeError, submit } = useFilterDraft(value, onApply)

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={submit}
      role="search"
      aria-label={t`Filtry lekcji`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <AdminDateField
          label={t`Od dnia`}
          value={draft.from}
          onChange={(from) => setDraft((current) => ({ ...current, from }))}
          submitted={submitted}
        />
        <AdminDateField
          label={t`Do dnia`}
          value={draft.to}
          onChange={(to) => setDraft((current) => ({ ...current, to }))}
          error={rangeError}
          submitted={submitted}
        />
        <LessonPartyPicker
          party="teacher"
          label={t`Lektor`}
          value={{ id: draft.teacher, name: draft.teacher_name }}
          onChange={({ id, name }) => setDraft({ ...draft, teacher: id, teacher_name: name })}
        />
        <LessonPartyPicker
          party="student"
          label={t`Kursant`}
          value={{ id: draft.student, name: draft.student_name }}
          onChange={({ id, name }) => setDraft({ ...draft, student: id, student_name: name })}
        />
        <Select
          label={t`Status`}
          placeholder={t`Każdy`}
          clearable
          value={draft.status || null}
          onChange={(status) =>
            setDraft({ ...draft, status: status && isLessonStatus(status) ? status : '' })
          }
          data={[
            { value: 'scheduled', label: t`Zaplanowana` },
            { value: 'finished', label: t`Zakończona` },
            { value: 'cancelled', label: t`Odwołana` },
          ]}
        />
      </SimpleGrid>
      <FilterActions onClear={() => onApply(emptyLessonsFilters)} />
    </Paper>
  )
}
