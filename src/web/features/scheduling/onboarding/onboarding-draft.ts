import * as v from 'valibot'
import type { Profile } from '../../../../domain/api/profile.ts'
import { ABOUT_MAX } from '../../../../domain/validation/rules.ts'
import { createDraftStore, USER_DRAFT_PREFIX } from '../../../offline/draft-store.ts'
import { validTime } from '../../../ui/time-picker-options.ts'
import {
  defaultDateTime,
  firstIncomplete,
  type OnboardingAnswers,
  pickerAfter,
  STEP_COUNT,
  stepOpenable,
} from './onboarding-answers.ts'

// The onboarding's answers are a draft on the device (as registration's) until it ends — a lesson
// booked or the request sent to the school — so closing and reopening the dialog, or a reload,
// keeps them. A logout removes it (offline/draft-store.ts clearUserDrafts).

const id = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))

const onboardingDraftSchema = v.object({
  active: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(STEP_COUNT - 1)),
  answers: v.object({
    languageId: id,
    teachingLanguageId: id,
    levelId: id,
    specializationId: id,
    date: v.nullable(v.pipe(v.string(), v.isoDate())),
    time: v.pipe(v.string(), v.maxLength(5)),
    about: v.pipe(v.string(), v.maxLength(ABOUT_MAX)),
  }),
})

export type OnboardingDraft = v.InferOutput<typeof onboardingDraftSchema>

export const onboardingDraftStore = (userId: string) =>
  createDraftStore(`${USER_DRAFT_PREFIX}onboarding:${userId}`, onboardingDraftSchema)

type Opening = {
  profile: Pick<Profile, 'about' | 'languages_learned'>
  /** The language chosen on set-lessons (the language to learn is preset). */
  presetLanguage: number | null
  draft: OnboardingDraft | null
  /** The days that may be chosen now. */
  dates: string[]
  now: Date
}

/**
 * The answers the dialog opens with: the draft's, where they still hold (a level is kept for the
 * same language only, a day only while it can still be chosen); else the onboarding's presets, the
 * about prefilled from the profile.
 */
export function openingAnswers({ profile, presetLanguage, draft, dates, now }: Opening): OnboardingAnswers {
  const saved = draft?.answers
  const languageId = presetLanguage ?? saved?.languageId ?? profile.languages_learned[0]?.language_id ?? null
  if (!saved) {
    return {
      languageId,
      teachingLanguageId: null,
      levelId: null,
      specializationId: null,
      ...defaultDateTime(now),
      about: profile.about ?? '',
    }
  }
  const sameLanguage = saved.languageId === languageId
  const date = saved.date !== null && dates.includes(saved.date) ? saved.date : null
  return {
    languageId,
    teachingLanguageId: saved.teachingLanguageId,
    levelId: sameLanguage ? saved.levelId : null,
    specializationId: sameLanguage ? saved.specializationId : null,
    ...(date ? { date, time: validTime(saved.time, pickerAfter(date, now)) } : defaultDateTime(now)),
    about: saved.about,
  }
}

/** The step the dialog opens at: the draft's while it may be opened, else the first incomplete. */
export function openingStep(draft: OnboardingDraft | null, answers: OnboardingAnswers, voiceSample: boolean) {
  const step = draft?.active ?? 0
  if (stepOpenable(step, answers, voiceSample)) return step
  return firstIncomplete(STEP_COUNT, answers, voiceSample) ?? 0
}
