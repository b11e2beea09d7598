import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useState } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { DEFAULT_CANCELLATION_EARLINESS_HOURS } from '../../../domain/constants.ts'
import { canCancel } from '../../../domain/lesson-rules.ts'
import { useCancelLesson } from '../../api/my-lesson-mutations.ts'
import { useSettings } from '../../api/settings.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { DialogStep } from '../../ui/dialog-step.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { useCancelOutcome } from './cancel-outcome.ts'
import { JoinButton } from './join-button.tsx'
import { LessonOverview } from './lesson-overview.tsx'
import { useLessonView } from './lesson-view-context.tsx'
import { cannotSave, LimitedTextarea } from './limited-textarea.tsx'
import { useDialogWrite } from './use-dialog-write.ts'

type Step = 'overview' | 'reason' | 'penalty'

/**
 * CancelLesson (product-rules.md "Cancellation"): step 0 the lesson with Join (this is my-lessons),
 * step 1 a required reason of at most 255 characters, then POST /lessons/cancel. Stays open on
 * failure.
 */
export function CancelLessonDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t } = useLingui()
  const { role, now } = useLessonView()
  const [step, setStep] = useState<Step>('overview')
  const [reason, setReason] = useState('')
  const write = useDialogWrite(useCancelLesson(), lesson)
  const finish = useCancelOutcome(() => setStep('penalty'), onClose)
  const hours = useSettings().data?.cancellation_earliness ?? DEFAULT_CANCELLATION_EARLINESS_HOURS
  const late = Date.parse(lesson.scheduled_at) - now < hours * 3_600_000
  const before = plural(hours, { one: '# godzinę', few: '# godziny', many: '# godzin', other: '# godziny' })
  const empty = reason.trim() === ''

  const cancel = () =>
    write.submit({ lesson_id: lesson.id, cancellation_reason: reason.trim() }, (answer) => finish(answer))

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={t`Odwołaj lekcję`}
      variant="shared"
      closeDisabled={write.pending}
    >
      {step === 'overview' && (
        <DialogStep gap="md">
          <LessonOverview lesson={lesson} />
          <Group justify="space-between" gap="sm">
            <JoinButton lesson={lesson} />
            {/* Stays on the right when a narrow dialog wraps it below Join. */}
            <Group gap="sm" ml="auto">
              <Button variant="default" onClick={onClose}>
                <Trans>Zamknij</Trans>
              </Button>
              <Button
                color="red"
                onClick={() => setStep('reason')}
                disabled={!canCancel(lesson, now)}
                data-autofocus
              >
                <Trans>Dalej</Trans>
              </Button>
            </Group>
          </Group>
        </DialogStep>
      )}
      {step === 'reason' && (
        <DialogStep gap="md">
          {late && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {role === 'student' ? (
                <Trans>
                  Do lekcji zostało mniej niż {before}. Za pierwsze tak późne odwołanie otrzymasz ostrzeżenie,
                  za kolejne — czasową blokadę konta.
                </Trans>
              ) : (
                <Trans>
                  Do lekcji zostało mniej niż {before}. Tak późne odwołanie lekcji wiąże się z karą finansową.
                </Trans>
              )}
            </Alert>
          )}
          <LimitedTextarea
            label={t`Powód odwołania`}
            required
            value={reason}
            onChange={setReason}
            data-autofocus
          />
          <FormError>{write.error && <Message of={write.error} />}</FormError>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setStep('overview')} disabled={write.pending}>
              <Trans>Wstecz</Trans>
            </Button>
            <Button
              color="red"
              onClick={cancel}
              disabled={empty || cannotSave(reason)}
              loading={write.pending}
            >
              <Trans>Odwołaj lekcję</Trans>
            </Button>
          </Group>
        </DialogStep>
      )}
      {step === 'penalty' && (
        <DialogStep gap="md">
          <Alert color="orange" variant="light" title={t`Lekcja została odwołana`} role="alert">
            <Text size="sm">
              <Trans>
                Lekcja została odwołana później niż {before} przed jej rozpoczęciem. Zgodnie z regulaminem
                zostanie naliczona kara finansowa.
              </Trans>
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              <Trans>Rozumiem</Trans>
            </Button>
          </Group>
        </DialogStep>
      )}
    </AppDialog>
  )
}
