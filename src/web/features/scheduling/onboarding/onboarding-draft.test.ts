// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest'
import { clearUserDrafts } from '../../../offline/draft-store.ts'
import {
  type OnboardingDraft,
  onboardingDraftStore,
  openingAnswers,
  openingStep,
} from './onboarding-draft.ts'

// The onboarding's answers survive closing the dialog and a reload.

const now = new Date('2026-11-24T09:00:00Z') // 10:00 in Poland
const profile = { about: 'Z profilu', languages_learned: [{ language_id: 1 }] }
const dates = ['2026-11-24', '2026-11-25', '2026-11-26']
const draft: OnboardingDraft = {
  active: 4,
  answers: {
    languageId: 1,
    teachingLanguageId: 2,
    levelId: 3,
    specializationId: 5,
    date: '2026-11-25',
    time: '07:30',
    about: 'Uczę się do pracy',
  },
}

describe('the onboarding draft', () => {
  beforeEach(() => localStorage.clear())

  it('is kept per user on the device and removed with the user drafts on logout', () => {
    onboardingDraftStore('u1').save(draft)
    expect(onboardingDraftStore('u1').load()).toEqual(draft)
    expect(onboardingDraftStore('u2').load()).toBeNull()
    clearUserDrafts()
    expect(onboardingDraftStore('u1').load()).toBeNull()
  })

  it('restores the level, the about text, the day and the step', () => {
    const answers = openingAnswers({ profile, presetLanguage: 1, draft, dates, now })
    expect(answers).toEqual(draft.answers)
    expect(openingStep(draft, answers, false)).toBe(4)
  })

  it('starts from the profile and the onboarding presets without a draft', () => {
    const answers = openingAnswers({ profile, presetLanguage: null, draft: null, dates, now })
    expect(answers).toMatchObject({ languageId: 1, levelId: null, about: 'Z profilu', date: '2026-11-24' })
    expect(openingStep(null, answers, false)).toBe(0)
  })

  it('drops the level for another language and a day that has passed', () => {
    const later = new Date('2026-11-26T09:00:00Z')
    const answers = openingAnswers({ profile, presetLanguage: 7, draft, dates: ['2026-11-26'], now: later })
    expect(answers).toMatchObject({
      languageId: 7,
      levelId: null,
      specializationId: null,
      date: '2026-11-26',
    })
    expect(answers.about).toBe('Uczę się do pracy')
    // Step 5 cannot be opened without the level: the first incomplete step opens instead.
    expect(openingStep(draft, answers, false)).toBe(1)
  })

  it('clears a time the day no longer offers', () => {
    const today = { ...draft, answers: { ...draft.answers, date: '2026-11-24', time: '08:00' } }
    expect(openingAnswers({ profile, presetLanguage: 1, draft: today, dates, now }).time).toBe('')
  })
})
