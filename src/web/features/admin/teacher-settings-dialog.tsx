import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Checkbox, Select, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import {
  type AdminTeacher,
  type TeacherChanges,
  type TeachersAnswer,
  useUpdateTeacher,
} from '../../api/admin-teachers.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { showToast } from '../../ui/toast.ts'
import { DialogActions } from './dialog-actions.tsx'
import { ProblemText } from './problem-text.tsx'
import { MONTHLY_CAP, teacherProblem } from './teacher-problems.ts'

type Props = {
  teacher: AdminTeacher
  name: string
  video: TeachersAnswer['video']
  opened: boolean
  onClose: () => void
}

type Provider = 'default' | 'builtin' | 'vonage'

/** All of the teacher's future lessons are held in LearnCube. */
const inLearncube = (t: AdminTeacher) => t.future_lessons > 0 && t.learncube_lessons === t.future_lessons

/**
 * The console's Teachers "for any teacher": the monthly cap of lessons, and the video choices where
 * the server has them (Vonage, LearnCube). Only what changed is sent; each change is audited.
 */
export function TeacherSettingsDialog({ teacher, name, video, opened, onClose }: Props) {
  const { t } = useLingui()
  const update = useUpdateTeacher()
  const [cap, setCap] = useState(teacher.monthly_lesson_cap?.toString() ?? '')
  const [provider, setProvider] = useState<Provider>(teacher.video_provider ?? 'default')
  const [learncube, setLearncube] = useState(inLearncube(teacher))
  const [capError, setCapError] = useState(false)
  const problem = teacherProblem(update.error)
  const close = () => {
    if (update.isPending) return
    update.reset()
    setCapError(false)
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const text = cap.trim()
    const value = text === '' ? null : /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN
    const badCap = value !== null && !(value >= MONTHLY_CAP.min && value <= MONTHLY_CAP.max)
    setCapError(badCap)
    if (badCap) return
    const changes: TeacherChanges = {}
    if (value !== teacher.monthly_lesson_cap) changes.monthly_cap = value
    const chosen = provider === 'default' ? null : provider
    if (chosen !== teacher.video_provider) changes.video_provider = chosen
    if (learncube !== inLearncube(teacher)) changes.learncube = learncube
    if (Object.keys(changes).length === 0) return close()
    update.mutate(
      { teacher_id: teacher.id, ...changes },
      {
        onSuccess: () => {
          showToast({ color: 'green', autoClose: 4000, message: t`Zapisano ustawienia: ${name}.` })
          close()
        },
      },
    )
  }
  const fieldProblem = (field: string) =>
    problem?.field === field ? <ProblemText problem={problem.message} /> : null
  const { min, max } = MONTHLY_CAP

  return (
    <AppDialog opened={opened} onClose={close} title={t`Limit i wideo: ${name}`} variant="edit">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t`Limit lekcji w miesiącu`}
            description={t`Liczba całkowita od ${min} do ${max}; puste pole: bez limitu.`}
            value={cap}
            onChange={(event) => setCap(event.currentTarget.value)}
            inputMode="numeric"
            error={
              capError
                ? t`Liczba całkowita od ${min} do ${max} albo puste pole (bez limitu).`
                : fieldProblem('monthly_cap')
            }
          />
          {video.vonage ? (
            <Select
              label={t`Wideo`}
              value={provider}
              onChange={(value) => setProvider(value === 'builtin' || value === 'vonage' ? value : 'default')}
              allowDeselect={false}
              data={[
                { value: 'default', label: t`Domyślne szkoły` },
                { value: 'builtin', label: t`Wbudowane` },
                { value: 'vonage', label: 'Vonage' },
              ]}
              error={fieldProblem('video_provider')}
            />
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>Wideo: wbudowane (Vonage nie jest skonfigurowany na tym serwerze).</Trans>
            </Text>
          )}
          {video.learncube && (
            <Checkbox
              checked={learncube}
              onChange={(event) => setLearncube(event.currentTarget.checked)}
              label={t`Zaplanowane lekcje w LearnCube`}
              description={plural(teacher.future_lessons, {
                one: 'Dotyczy # zaplanowanej lekcji.',
                few: 'Dotyczy # zaplanowanych lekcji.',
                many: 'Dotyczy # zaplanowanych lekcji.',
                other: 'Dotyczy # zaplanowanej lekcji.',
              })}
              error={fieldProblem('learncube')}
            />
          )}
          <DialogActions
            problem={problem}
            fields={['monthly_cap', 'video_provider', 'learncube']}
            pending={update.isPending}
            onCancel={close}
          >
            <Button type="submit" loading={update.isPending}>
              <Trans>Zapisz</Trans>
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </AppDialog>
  )
}
