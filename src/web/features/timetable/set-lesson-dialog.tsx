import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Stack } from '@mantine/core'
import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import { addDays, polandDateKey } from '../../../domain/poland-time.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { timetableQueryOptions } from '../../api/timetables.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { weekBounds } from '../../ui/week-bounds.ts'
import { datesBetween, type ScheduleFormValues, scheduleFormFromTimetable } from './schedule-form.ts'
import { type SetLessonStep, SetLessonSteps } from './set-lesson-steps.tsx'

type Props = {
  opened: boolean
  onClose: () => void
  teacherId: string
  /** The profile's has_cyclical_timetable (spec §3). */
  cyclical: boolean
}

/** The dates the form edits: today … end of this week, and the next week (spec §9 range). */
export function editableWeeks(now: Date) {
  const { min, max } = weekBounds(now)
  return {
    this: datesBetween(polandDateKey(now), addDays(min, 6)),
    next: datesBetween(max, addDays(max, 6)),
  }
}

/** SetLesson (spec §2, width 600): the teacher's work schedule, then WorkScheduleConfirm. */
export function SetLessonDialog({ opened, onClose, teacherId, cyclical }: Props) {
  const { t } = useLingui()
  const [step, setStep] = useState<SetLessonStep>('edit')
  const close = () => {
    setStep('edit')
    onClose()
  }
  const title =
    step === 'confirm' ? t`Potwierdź grafik` : step === 'done' ? t`Grafik zapisany` : t`Grafik pracy`
  return (
    <AppDialog opened={opened} onClose={close} variant="shared" title={title}>
      {opened && (
        <SetLessonContent
          teacherId={teacherId}
          cyclical={cyclical}
          step={step}
          onStep={setStep}
          onClose={close}
        />
      )}
    </AppDialog>
  )
}

type ContentProps = Omit<Props, 'opened'> & { step: SetLessonStep; onStep: (step: SetLessonStep) => void }

/** Starts the form from the teacher's current slots of both weeks (docs/decisions.md). */
function SetLessonContent({ teacherId, cyclical, step, onStep, onClose }: ContentProps) {
  const [now] = useState(() => new Date())
  const weeks = editableWeeks(now)
  const { min, max } = weekBounds(now)
  const [thisWeek, nextWeek] = useQueries({
    queries: [timetableQueryOptions(teacherId, min), timetableQueryOptions(teacherId, max)],
  })
  const [initial, setInitial] = useState<ScheduleFormValues | null>(null)
  if (initial === null && thisWeek?.data && nextWeek?.data) {
    const days = [...thisWeek.data.timetable, ...nextWeek.data.timetable]
    setInitial(scheduleFormFromTimetable(cyclical, days, [...weeks.this, ...weeks.next]))
  }
  if (initial)
    return <SetLessonSteps initial={initial} weeks={weeks} step={step} onStep={onStep} onClose={onClose} />
  const failed = [thisWeek, nextWeek].find((query) => query?.isError)
  if (!failed) return <PageLoader label={<Trans>Wczytujemy Twój grafik…</Trans>} />
  const error = failed.error instanceof ApiError ? apiErrorMessage(failed.error) : codeMessage('server_error')
  return (
    <Stack gap="md">
      <FormError>
        <Message of={error} />
      </FormError>
      <Button variant="default" onClick={() => void Promise.all([thisWeek?.refetch(), nextWeek?.refetch()])}>
        <Trans>Spróbuj ponownie</Trans>
      </Button>
    </Stack>
  )
}
