import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useMemo, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Profile } from '../../../../domain/api/profile.ts'
import { useLanguages } from '../../../api/dictionaries.ts'
import { profileKeys } from '../../../api/profile.ts'
import { paths } from '../../../app/paths.ts'
import { ACCENT_COLOR } from '../../../app/theme.ts'
import { AppDialog } from '../../../ui/app-dialog.tsx'
import { selectableDates } from '../selectable-dates.ts'
import { FindResult, ScheduledMessage } from './find-result.tsx'
import type { FailureCounter } from './find-teacher.ts'
import {
  allComplete,
  DATE_STEP,
  defaultDateTime,
  earliestTime,
  type OnboardingAnswers,
  pickerAfter,
} from './onboarding-answers.ts'
import { useOnboardingSteps } from './onboarding-steps.tsx'
import { useFindTeacher } from './use-find-teacher.ts'
import { VerticalSteps } from './vertical-steps.tsx'

type Props = {
  opened: boolean
  onClose: () => void
  profile: Profile
  /** The language chosen on set-lessons (spec §4: the language to learn is preset). */
  presetLanguage: number | null
  /** Failed searches of this screen (spec §9), kept while the dialog is closed. */
  failures: FailureCounter
  voiceRecorder?: ReactNode
}

const POLISH = 'Polish'

function initialAnswers(profile: Profile, presetLanguage: number | null, now: Date): OnboardingAnswers {
  const { date, time } = defaultDateTime(now)
  return {
    languageId: presetLanguage ?? profile.languages_learned[0]?.language_id ?? null,
    teachingLanguageId: null,
    levelId: null,
    specializationId: null,
    date,
    time,
    about: profile.about ?? '',
  }
}

/** LanguageOnboarding (spec §2, §4): the vertical stepper, then Find teacher and its outcome. */
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
  const [chosen, setChosen] = useState(() => initialAnswers(profile, presetLanguage, now))
  const [active, setActive] = useState(0)
  const [scheduled, setScheduled] = useState(false)
  const { state, find, reset } = useFindTeacher(failures)
  // spec §4: lessons are held in Polish unless the student chooses otherwise.
  const polish = useLanguages().data?.find((l) => l.name === POLISH)?.id ?? null
  const answers: OnboardingAnswers = { ...chosen, teachingLanguageId: chosen.teachingLanguageId ?? polish }
  const voiceSample = profile.voice_sample_url !== null
  const dates = selectableDates(now, profile.active_until).filter((d) => earliestTime(d, now) !== null)
  const steps = useOnboardingSteps({
    answers,
    onChange: (patch) => setChosen((current) => ({ ...current, ...patch })),
    voiceSample,
    voiceRecorder,
    dates,
    after: (date) => pickerAfter(date, now),
    onNext: setActive,
  })
  const { languageId, teachingLanguageId, levelId, date } = answers
  const criteria =
    languageId !== null && teachingLanguageId !== null && levelId !== null && date !== null
      ? { ...answers, languageId, teachingLanguageId, levelId, date }
      : null
  const ready = criteria !== null && allComplete(answers, voiceSample)

  const close = () => {
    onClose()
    if (!scheduled) return
    // spec §4: after a booking, closing goes to my-lessons and the profile is reloaded.
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
            setActive(DATE_STEP)
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
          <VerticalSteps steps={steps} active={active} onOpen={setActive} />
          <Group justify="flex-end">
            <Button
              color={ACCENT_COLOR}
              disabled={!ready}
              loading={searching}
              onClick={() => criteria && void find(criteria)}
            >
              <Trans>Znajdź lektora</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </AppDialog>
  )
}
