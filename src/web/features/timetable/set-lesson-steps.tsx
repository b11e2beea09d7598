import '@mantine/core/styles/Switch.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Switch } from '@mantine/core'
import { useState } from 'react'
import type { TimetableUpdateAnswer } from '../../../domain/api/timetables.ts'
import { HELPER_TOAST_MS } from '../../../domain/constants.ts'
import { ApiError } from '../../api/api-error.ts'
import { inlineErrorMessage } from '../../api/error-messages.ts'
import { useUpdateTimetable } from '../../api/timetable-update.ts'
import { useOnlineStatus } from '../../offline/connectivity.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { showToast } from '../../ui/toast.ts'
import { KeptBookedNotice } from './kept-booked-notice.tsx'
import { type ScheduleFormValues, toTimetableUpdate } from './schedule-form.ts'
import { serverScheduleMessages } from './schedule-form-rules.ts'
import { scheduleSummary } from './schedule-summary.ts'
import { type ScheduleTab, ScheduleTabs, tabOf } from './schedule-tabs.tsx'
import { useScheduleEditor } from './use-schedule-editor.ts'
import { WorkScheduleConfirm } from './work-schedule-confirm.tsx'

export type SetLessonStep = 'edit' | 'confirm' | 'done'

type Props = {
  initial: ScheduleFormValues
  weeks: { this: string[]; next: string[] }
  step: SetLessonStep
  onStep: (step: SetLessonStep) => void
  onClose: () => void
}

const savedText = msg`Grafik został zapisany`
const fixText = msg`Popraw zaznaczone przedziały.`
const offlineText = msg`Jesteś offline. Grafik zapiszesz po odzyskaniu połączenia.`
const failedText = msg`Nie udało się zapisać grafiku. Spróbuj ponownie.`

/**
 * SetLesson's steps: edit → WorkScheduleConfirm → save. The dialog stays open on failure
 * (product-rules.md "States and transitions"); field errors go back onto their intervals. After
 * saving, booked lessons the new schedule leaves out are listed (step `done`); otherwise the dialog
 * closes.
 */
export function SetLessonSteps({ initial, weeks, step, onStep, onClose }: Props) {
  const { t, i18n } = useLingui()
  const editor = useScheduleEditor(initial)
  const online = useOnlineStatus()
  const update = useUpdateTimetable()
  const [tab, setTab] = useState<ScheduleTab>(initial.cyclical ? 'weekly' : 'this')
  const [failure, setFailure] = useState<MessageDescriptor | null>(null)
  const [kept, setKept] = useState<TimetableUpdateAnswer['kept_booked_slots']>([])

  const showProblems = (paths: string[]) => {
    const first = paths[0]
    if (first) setTab(tabOf(first, weeks))
  }

  const review = () => {
    setFailure(null)
    const found = editor.check()
    if (Object.keys(found).length > 0) showProblems(Object.keys(found))
    else onStep('confirm')
  }

  const save = () => {
    setFailure(null)
    update.mutate(toTimetableUpdate(editor.values), {
      onSuccess: (answer) => {
        showToast({ color: 'green', message: i18n._(savedText), autoClose: HELPER_TOAST_MS })
        if (answer.kept_booked_slots.length === 0) return onClose()
        setKept(answer.kept_booked_slots)
        onStep('done')
      },
      onError: (error) => {
        const apiError = error instanceof ApiError ? error : null
        const placed = apiError ? serverScheduleMessages(editor.values, apiError.fieldErrors) : null
        if (placed && Object.keys(placed.fields).length > 0) {
          editor.setMessages(placed.fields)
          setFailure(placed.unplaced ?? fixText)
          showProblems(Object.keys(placed.fields))
          onStep('edit')
          return
        }
        setFailure(placed?.unplaced ?? (apiError && inlineErrorMessage(apiError)) ?? failedText)
      },
    })
  }

  if (step === 'done') return <KeptBookedNotice kept={kept} onClose={onClose} />
  if (step === 'confirm')
    return (
      <WorkScheduleConfirm
        summary={scheduleSummary(editor.values, initial)}
        pending={update.isPending}
        failure={failure}
        blocked={online ? null : offlineText}
        onBack={() => onStep('edit')}
        onConfirm={save}
      />
    )
  const problems = Object.keys(editor.messages).length > 0
  return (
    <Stack gap="md">
      <Switch
        label={t`Grafik cykliczny`}
        description={t`Godziny powtarzają się co tydzień. Wybrane dni możesz ustawić inaczej.`}
        checked={editor.values.cyclical}
        onChange={(event) => {
          const cyclical = event.currentTarget.checked
          editor.setCyclical(cyclical)
          setTab(cyclical ? 'weekly' : 'this')
        }}
      />
      <ScheduleTabs editor={editor} weeks={weeks} tab={tab} onTab={setTab} />
      {(failure ?? problems) && (
        <FormError>
          <Message of={failure ?? fixText} />
        </FormError>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          <Trans>Anuluj</Trans>
        </Button>
        <Button onClick={review}>
          <Trans>Dalej</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
