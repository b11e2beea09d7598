import { useLingui } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useLanguages, useLevels, useSpecializations } from '../../../api/dictionaries.ts'
import { languageLabel, specializationLabel } from '../../../ui/language-labels.ts'
import { dayMonth, weekdayName } from '../../../ui/slot-format.ts'
import {
  INFO_STEP,
  missingBefore,
  type OnboardingAnswers,
  STEP_COUNT,
  stepComplete,
  stepOpenable,
} from './onboarding-answers.ts'
import { AboutField, DateTimeFields, LanguageFields, LevelFields } from './step-fields.tsx'
import type { VerticalStep } from './vertical-steps.tsx'
import { VoiceStep } from './voice-step.tsx'

type Options = {
  answers: OnboardingAnswers
  onChange: (patch: Partial<OnboardingAnswers>) => void
  voiceSample: boolean
  voiceRecorder?: ReactNode
  dates: string[]
  after: (date: string) => string | undefined
  onNext: (step: number) => void
}

const ABOUT_SUMMARY_LENGTH = 60

export type OnboardingSteps = {
  steps: VerticalStep[]
  /** What each step needs before it is complete (a blocked step says so). */
  needs: string[]
}

/**
 * The six steps of product-rules.md "Language onboarding": titles, summaries of what was answered,
 * and their fields.
 */
export function useOnboardingSteps(options: Options): OnboardingSteps {
  const { answers, onChange, voiceSample, voiceRecorder, dates, after, onNext } = options
  const { t, i18n } = useLingui()
  const languages = useLanguages().data ?? []
  const levels = useLevels().data ?? []
  const specializations = useSpecializations().data ?? []
  const language = (id: number | null) => {
    const found = languages.find((l) => l.id === id)
    return found ? languageLabel(found, i18n.locale) : ''
  }
  const level = levels.find((l) => l.id === answers.levelId)?.name
  const specialization = specializations.find((s) => s.id === answers.specializationId)
  const taught = language(answers.languageId)
  const teaching = language(answers.teachingLanguageId)
  const about = answers.about.trim()
  const fields = { answers, onChange }

  const titles = [
    t`Języki`,
    t`Poziom`,
    t`Jak dobieramy lektora`,
    t`Dzień i godzina`,
    t`O sobie`,
    t`Próbka głosu`,
  ]
  const summaries = [
    taught && teaching ? t`${taught}, lekcje w języku: ${teaching}` : null,
    level
      ? [level, specialization ? specializationLabel(specialization, i18n.locale) : null]
          .filter(Boolean)
          .join(' · ')
      : null,
    null,
    answers.date && answers.time
      ? `${weekdayName(answers.date, i18n.locale)} ${dayMonth(answers.date)}, ${answers.time}`
      : null,
    about.length > ABOUT_SUMMARY_LENGTH ? `${about.slice(0, ABOUT_SUMMARY_LENGTH)}…` : about || null,
    voiceSample ? t`zapisana` : null,
  ]
  const contents: ReactNode[] = [
    <LanguageFields key="languages" {...fields} languages={languages} />,
    <LevelFields key="level" {...fields} levels={levels} specializations={specializations} />,
    <Text key="how" size="sm">
      {t`Znajdziemy lektora, który uczy wybranego języka na Twoim poziomie i ma wolny termin o wybranej godzinie albo do 2 godzin wcześniej lub później. Jeśli nikt nie będzie wolny, przekażemy Twoje zgłoszenie szkole.`}
    </Text>,
    <DateTimeFields key="date" {...fields} dates={dates} after={after} />,
    <AboutField key="about" {...fields} />,
    <VoiceStep key="voice" provided={voiceSample} recorder={voiceRecorder} />,
  ]
  const needs = [
    t`wybierz język, w którym mają być prowadzone lekcje (krok 1)`,
    t`wybierz swój poziom (krok 2)`,
    '',
    t`wybierz dzień i godzinę (krok 4)`,
    t`napisz kilka słów o sobie (krok 5)`,
    t`nagraj próbkę głosu (krok 6)`,
  ]
  const steps = titles.map((title, step): VerticalStep => {
    const last = step === STEP_COUNT - 1
    const next = step + 1
    // "Dalej" waits for what the next step needs (step 6: step 4 and those before), and names it.
    const missing = last ? null : missingBefore(next, answers, voiceSample)
    const blocked = missing !== null
    const reasonId = `onboarding-step-${step}-needs`
    const openable = stepOpenable(step, answers, voiceSample)
    const before = openable ? null : missingBefore(step, answers, voiceSample)
    return {
      title,
      summary: summaries[step] ?? null,
      complete: stepComplete(step, answers, voiceSample),
      openable,
      info: step === INFO_STEP,
      lockedReason: before === null ? null : t`Najpierw ${needs[before] ?? ''}.`,
      content: (
        <>
          {contents[step]}
          {!last && (
            <Group justify="flex-end" mt="sm" gap="sm" align="center">
              {missing !== null && (
                <Text id={reasonId} size="sm" c="dimmed" ta="right" style={{ flex: '1 1 14rem' }}>
                  {t`Najpierw ${needs[missing] ?? ''}.`}
                </Text>
              )}
              <Button
                variant="light"
                size="sm"
                disabled={blocked}
                aria-describedby={blocked ? reasonId : undefined}
                onClick={() => onNext(next)}
              >
                {t`Dalej`}
              </Button>
            </Group>
          )}
        </>
      ),
    }
  })
  return { steps, needs }
}
