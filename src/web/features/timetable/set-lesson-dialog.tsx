import { Trans, useLingui } from '@lingui/react/macro'
import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import { addDays, polandDateKey } from '../../../domain/poland-time.ts'
import { timetableQueryOptions } from '../../api/timetables.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { QueriesFallback } from '../../ui/queries-fallback.tsx'
import { weekBounds } from '../../ui/week-bounds.ts'
import { datesBetween, type ScheduleFormValues, scheduleFormFromTimetable } from './schedule-form.ts'
import { type SetLessonStep, SetLessonSteps } from './set-lesson-steps.tsx'

type Props = {
  opened: boolean
  onClose: () => void
  teacherId: string
  /** The profile's has_cyclical_timetable. */
  cyclical: boolean
}

/** The dates the form edits: today … end of this week, and the next week. */
export function editableWeeks(now: Date) {
  const { min, max } = weekBounds(now)
  return {
    this: datesBetween(polandDateKey(now), addDays(min, 6)),
    next: datesBetween(max, addDays(max, 6)),
  }
}

/** SetLesson (width 600): the teacher's work schedule, then WorkScheduleConfirm. */
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
  return (
    <QueriesFallback queries={[thisWeek, nextWeek]} loadingLabel={<Trans>Wczytujemy Twój grafik…</Trans>} />
  )
}
