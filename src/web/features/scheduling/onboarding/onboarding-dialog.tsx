import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Profile } from '../../../../domain/api/profile.ts'
import { useLanguages } from '../../../api/dictionaries.ts'
import { profileKeys } from '../../../api/profile.ts'
import { paths } from '../../../config/paths.ts'
import { ACCENT_COLOR } from '../../../config/theme.ts'
import { AppDialog } from '../../../ui/app-dialog.tsx'
import { selectableDates } from '../selectable-dates.ts'
import { FindResult, ScheduledMessage } from './find-result.tsx'
import type { FailureCounter } from './find-teacher.ts'
import {
  allComplete,
  DATE_STEP,
  earliestTime,
  type OnboardingAnswers,
  pickerAfter,
  stepComplete,
} from './onboarding-answers.ts'
import { onboardingDraftStore, openingAnswers, openingStep } from './onboarding-draft.ts'
import { useOnboardingSteps } from './onboarding-steps.tsx'
import { useFindTeacher } from './use-find-teacher.ts'
import { VerticalSteps } from './vertical-steps.tsx'

type Props = {
  opened: boolean
  onClose: () => void
  profile: Profile
  /** The language chosen on set-lessons (the language to learn is preset). */
  presetLanguage: number | null
  /** Failed searches of this screen, kept while the dialog is closed. */
  failures: FailureCounter
  voiceRecorder?: ReactNode
}

const POLISH = 'Polish'

/**
 * LanguageOnboarding (product-rules.md "Language onboarding"): the vertical stepper, then Find
 * teacher and its outcome.
 */
export function OnboardingDialog({
  opened,
  onClose,
  profile,
  presetLanguage,
  failures,
  voiceRecorder,
}: Props) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const now = useMemo(() => new Date(), [])
  const voiceSample = profile.voice_sample_url !== null
  const dates = selectableDates(now, profile.active_until).filter((d) => earliestTime(d, now) !== null)
  // The answers so far are a draft on the device, restored when reopened.
  const [store] = useState(() => onboardingDraftStore(profile.id))
  const [opening] = useState(() => {
    const saved = store.load()
    const restored = openingAnswers({ profile, presetLanguage, draft: saved, dates, now })
    return { answers: restored, step: openingStep(saved, restored, voiceSample) }
  })
  const [chosen, setChosen] = useState(opening.answers)
  const [active, setActive] = useState(opening.step)
  const [scheduled, setScheduled] = useState(false)
  const { state, find, reset } = useFindTeacher(failures)
  // Lessons are held in Polish unless the student chooses otherwise.
  const polish = useLanguages().data?.find((l) => l.name === POLISH)?.id ?? null
  const answers: OnboardingAnswers = { ...chosen, teachingLanguageId: chosen.teachingLanguageId ?? polish }
  // Written once the student changes something; the onboarding's end removes it.
  const ended = scheduled || state.kind === 'request_sent'
  const touched = useRef(false)
  useEffect(() => {
    if (ended) store.clear()
    // With the default teaching language filled in, so the restored first step is complete.
    else if (touched.current) {
      store.save({ active, answers: { ...chosen, teachingLanguageId: chosen.teachingLanguageId ?? polish } })
    }
  }, [store, chosen, active, ended, polish])
  const change = (patch: Partial<OnboardingAnswers>) => {
    touched.current = true
    setChosen((current) => ({ ...current, ...patch }))
  }
  const openStep = (step: number) => {
    touched.current = true
    setActive(step)
  }
  const { steps, needs } = useOnboardingSteps({
    answers,
    onChange: change,
    voiceSample,
    voiceRecorder,
    dates,
    after: (date) => pickerAfter(date, now),
    onNext: openStep,
  })
  const { languageId, teachingLanguageId, levelId, date } = answers
  const criteria =
    languageId !== null && teachingLanguageId !== null && levelId !== null && date !== null
      ? { ...answers, languageId, teachingLanguageId, levelId, date }
      : null
  const ready = criteria !== null && allComplete(answers, voiceSample)
  // The grey button says what it still needs.
  const missing = needs.filter((_, step) => !stepComplete(step, answers, voiceSample))
  const reasonId = useId()

  const close = () => {
    onClose()
    if (!scheduled) return
    // After a booking, closing goes to my-lessons and the profile is reloaded.
    void queryClient.invalidateQueries({ queryKey: profileKeys.all })
    navigate(paths.myLessons)
  }
  const searching = state.kind === 'searching'
  const outcome = state.kind === 'idle' || searching ? null : state

  return (
    <AppDialog opened={opened} onClose={close} title={t`Dobierz lektora`} variant="shared">
      {scheduled ? (
        <ScheduledMessage onClose={close} />
      ) : outcome && criteria ? (
        <FindResult
          outcome={outcome}
          lesson={criteria}
          onScheduled={() => setScheduled(true)}
          onChangeCriteria={() => {
            reset()
            openStep(DATE_STEP)
          }}
          onRetry={() => void find(criteria)}
          retrying={searching}
          onClose={close}
        />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Trans>Odpowiedz na kilka pytań, a dobierzemy Ci lektora i termin pierwszej lekcji.</Trans>
          </Text>
          <VerticalSteps steps={steps} active={active} onOpen={openStep} />
          <Group justify="flex-end" gap="sm" align="center">
            {!ready && missing.length > 0 && (
              <Text id={reasonId} size="sm" c="dimmed" ta="right" style={{ flex: '1 1 14rem' }}>
                {t`Aby wyszukać lektora: ${missing.join('; ')}.`}
              </Text>
            )}
            <Button
              color={ACCENT_COLOR}
              disabled={!ready}
              loading={searching}
              aria-describedby={ready ? undefined : reasonId}
              onClick={() => criteria && void find(criteria)}
              style={{ flexShrink: 0 }}
            >
              <Trans>Znajdź lektora</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </AppDialog>
  )
}
