import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/SimpleGrid.css'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { CAPACITY_MAX, CAPACITY_MIN } from '../../../domain/api/admin-group-classes.ts'
import { DESCRIPTION_MAX } from '../../../domain/constants.ts'
import { useCreateGroupClass } from '../../api/admin-group-classes.ts'
import { useLanguages, useLevels } from '../../api/dictionaries.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { languageLabel } from '../../ui/language-labels.ts'
import { Message } from '../../ui/message.tsx'
import { DialogActions } from './dialog-actions.tsx'
import {
  type DraftErrors,
  emptyGroupClassDraft,
  type GroupClassDraft,
  groupClassBody,
} from './group-class-form.ts'
import { groupClassProblem } from './group-class-problems.ts'
import { GroupScheduleFields } from './group-schedule-fields.tsx'
import { LessonPartyPicker } from './lesson-party-picker.tsx'

const FIELDS = ['teacher_id', 'language_id', 'level_id', 'title', 'description', 'company_name', 'capacity']

/**
 * A new group class (product-rules.md "Group classes"): its teacher, language and level, title,
 * company, capacity and room, and its meetings. The server refuses a meeting over the teacher's
 * lesson or another class's meeting, naming it; the refusal stays in the dialog.
 */
export function GroupClassCreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void
  onCreated: (classId: string) => void
}) {
  const { t, i18n } = useLingui()
  const create = useCreateGroupClass()
  const languages = useLanguages().data ?? []
  const levels = useLevels().data ?? []
  const [draft, setDraft] = useState<GroupClassDraft>(emptyGroupClassDraft)
  const [missing, setMissing] = useState<DraftErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const problem = groupClassProblem(create.error)
  const errorOf = (field: string): MessageDescriptor | string | null =>
    missing[field] ?? (problem?.field === field ? problem.message : null)
  const shown = (field: string) => {
    const error = errorOf(field)
    return error === null ? null : typeof error === 'string' ? error : <Message of={error} />
  }
  const change = (next: GroupClassDraft) => {
    setDraft(next)
    // After a refused send, each field's message follows what is typed.
    if (submitted) setMissing(groupClassBody(next).errors ?? {})
    if (create.error) create.reset()
  }
  const close = () => {
    if (!create.isPending) onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    const { body, errors } = groupClassBody(draft)
    setMissing(errors ?? {})
    if (body) create.mutate(body, { onSuccess: (group) => onCreated(group.id) })
  }
  // Field errors of the schedule show on their fields; the rest under the form.
  const scheduleField = (field: string | null | undefined) =>
    field === 'series' || field?.startsWith('series.') || field?.startsWith('extra.')

  return (
    <AppDialog
      opened
      onClose={close}
      title={t`Nowe zajęcia grupowe`}
      variant="shared"
      closeDisabled={create.isPending}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <LessonPartyPicker
            party="teacher"
            label={t`Lektor`}
            value={draft.teacher}
            onChange={(teacher) => change({ ...draft, teacher })}
          />
          {shown('teacher_id') && (
            <Stack gap={0} c="red" fz="sm" role="alert">
              {shown('teacher_id')}
            </Stack>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t`Język`}
              required
              searchable
              value={draft.languageId || null}
              onChange={(languageId) => change({ ...draft, languageId: languageId ?? '' })}
              data={languages.map((l) => ({ value: String(l.id), label: languageLabel(l, i18n.locale) }))}
              error={shown('language_id')}
            />
            <Select
              label={t`Poziom`}
              required
              value={draft.levelId || null}
              onChange={(levelId) => change({ ...draft, levelId: levelId ?? '' })}
              data={levels.map((l) => ({ value: String(l.id), label: l.name }))}
              error={shown('level_id')}
            />
          </SimpleGrid>
          <TextInput
            label={t`Tytuł`}
            required
            maxLength={100}
            value={draft.title}
            onChange={(event) => change({ ...draft, title: event.currentTarget.value })}
            error={shown('title')}
          />
          <Textarea
            label={t`Opis`}
            rows={3}
            maxLength={DESCRIPTION_MAX}
            value={draft.description}
            onChange={(event) => change({ ...draft, description: event.currentTarget.value })}
            error={shown('description')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t`Firma`}
              maxLength={100}
              value={draft.company}
              onChange={(event) => change({ ...draft, company: event.currentTarget.value })}
              error={shown('company_name')}
            />
            <NumberInput
              label={t`Liczba miejsc`}
              required
              min={CAPACITY_MIN}
              max={CAPACITY_MAX}
              allowDecimal={false}
              allowNegative={false}
              value={draft.capacity}
              onChange={(value) => change({ ...draft, capacity: typeof value === 'number' ? value : '' })}
              error={shown('capacity')}
            />
            <Select
              label={t`Pokój`}
              allowDeselect={false}
              value={draft.provider}
              onChange={(value) => change({ ...draft, provider: value === 'vonage' ? 'vonage' : 'builtin' })}
              data={[
                { value: 'builtin', label: t`Pokój Lektorium` },
                { value: 'vonage', label: t`Vonage lektora` },
              ]}
            />
          </SimpleGrid>
          <GroupScheduleFields draft={draft} onChange={change} errorOf={errorOf} submitted={submitted} />
          <DialogActions
            problem={problem && !scheduleField(problem.field) ? problem : null}
            fields={FIELDS}
            pending={create.isPending}
            onCancel={close}
          >
            <Button type="submit" loading={create.isPending}>
              <Trans>Utwórz zajęcia</Trans>
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </AppDialog>
  )
}
