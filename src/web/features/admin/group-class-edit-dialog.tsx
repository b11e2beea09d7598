import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/NumberInput.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { CAPACITY_MAX, CAPACITY_MIN } from '../../../domain/api/admin-group-classes.ts'
import { DESCRIPTION_MAX } from '../../../domain/constants.ts'
import { type AdminGroupClassDetail, useUpdateGroupClass } from '../../api/admin-group-classes.ts'
import { useLevels } from '../../api/dictionaries.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { DialogActions } from './dialog-actions.tsx'
import { groupClassProblem } from './group-class-problems.ts'
import { onField } from './group-field-problem.tsx'

const FIELDS = ['title', 'description', 'level_id', 'capacity']

/**
 * A class's title, description, level and capacity. The capacity may not go under the students
 * enrolled; a larger one lets the waiting list in, in its order (product-rules.md "Group classes").
 */
export function GroupClassEditDialog({
  group,
  onClose,
}: {
  group: AdminGroupClassDetail
  onClose: () => void
}) {
  const { t } = useLingui()
  const update = useUpdateGroupClass(group.id)
  const levels = useLevels().data ?? []
  const [title, setTitle] = useState(group.title)
  const [description, setDescription] = useState(group.description)
  const [levelId, setLevelId] = useState(String(group.level.id))
  const [capacity, setCapacity] = useState<number | ''>(group.capacity)
  const [emptyTitle, setEmptyTitle] = useState(false)
  const problem = groupClassProblem(update.error)
  const on = (field: string) => onField(problem, field)
  const enrolled = group.roster.length
  const least = Math.max(CAPACITY_MIN, enrolled)
  const tooSmall = capacity !== '' && capacity < least
  const close = () => {
    if (!update.isPending) onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setEmptyTitle(title.trim() === '')
    if (title.trim() === '' || capacity === '' || tooSmall) return
    update.mutate(
      { title: title.trim(), description: description.trim(), level_id: Number(levelId), capacity },
      { onSuccess: onClose },
    )
  }

  return (
    <AppDialog
      opened
      onClose={close}
      title={t`Edytuj zajęcia`}
      variant="edit"
      closeDisabled={update.isPending}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t`Tytuł`}
            required
            maxLength={100}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={emptyTitle ? t`To pole jest wymagane` : on('title')}
          />
          <Textarea
            label={t`Opis`}
            rows={3}
            maxLength={DESCRIPTION_MAX}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={on('description')}
          />
          <Select
            label={t`Poziom`}
            allowDeselect={false}
            value={levelId}
            onChange={(value) => setLevelId(value ?? levelId)}
            data={
              levels.length > 0
                ? levels.map((l) => ({ value: String(l.id), label: l.name }))
                : [{ value: levelId, label: group.level.name }]
            }
            error={on('level_id')}
          />
          <NumberInput
            label={t`Liczba miejsc`}
            description={t`Zapisanych: ${enrolled}. Więcej miejsc: kolejni z listy oczekujących dostaną miejsce.`}
            required
            min={least}
            max={CAPACITY_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={capacity}
            onChange={(value) => setCapacity(typeof value === 'number' ? value : '')}
            error={tooSmall ? t`Co najmniej ${least}.` : on('capacity')}
          />
          <Text size="xs" c="dimmed">
            <Trans>Spotkania przenosi się i odwołuje na stronie zajęć.</Trans>
          </Text>
          <DialogActions problem={problem} fields={FIELDS} pending={update.isPending} onCancel={close}>
            <Button type="submit" loading={update.isPending}>
              <Trans>Zapisz</Trans>
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </AppDialog>
  )
}
