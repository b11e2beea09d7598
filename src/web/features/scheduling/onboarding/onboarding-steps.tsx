import { useLingui } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useLanguages, useLevels, useSpecializations } from '../../../api/dictionaries.ts'
import { languageLabel, specializationLabel } from '../../../ui/language-labels.ts'
import { dayMonth, weekdayName } from '../../../ui/slot-format.ts'
import { type OnboardingAnswers, STEP_COUNT, stepComplete, stepOpenable } from './onboarding-answers.ts'
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

/** The six steps of spec §4: titles, summaries of what was answered, and their fields. */
export function useOnboardingSteps(options: Options): VerticalStep[] {
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
  return titles.map((title, step) => {
    const complete = stepComplete(step, answers, voiceSample)
    const last = step === STEP_COUNT - 1
    return {
      title,
      summary: summaries[step] ?? null,
      complete,
      openable: stepOpenable(step, answers, voiceSample),
      content: (
        <>
          {contents[step]}
          {!last && (
            <Group justify="flex-end" mt="sm">
              <Button variant="light" size="sm" disabled={!complete} onClick={() => onNext(step + 1)}>
                {t`Dalej`}
              </Button>
            </Group>
          )}
        </>
      ),
    }
  })
}
