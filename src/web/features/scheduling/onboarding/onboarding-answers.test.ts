import { describe, expect, it } from 'vitest'
import {
  allComplete,
  defaultDateTime,
  earliestTime,
  firstIncomplete,
  type OnboardingAnswers,
  pickerAfter,
  stepComplete,
  stepOpenable,
} from './onboarding-answers.ts'

// The onboarding's steps and the earliest selectable time (Poland time, any machine TZ).

const empty: OnboardingAnswers = {
  languageId: 1,
  teachingLanguageId: 2,
  levelId: null,
  specializationId: null,
  date: '2026-11-30',
  time: '18:00',
  about: '',
}

describe('the onboarding steps', () => {
  it('opens a step only when every step before it is complete (no jumping ahead)', () => {
    expect(stepOpenable(0, empty, false)).toBe(true)
    expect(stepOpenable(1, empty, false)).toBe(true)
    // The date is preset, yet step 4 stays closed while step 2 (the level) is not answered.
    expect(stepOpenable(3, empty, false)).toBe(false)
    expect(stepOpenable(4, empty, false)).toBe(false)
    expect(stepOpenable(5, empty, false)).toBe(false)
    const withLevel = { ...empty, levelId: 3 }
    expect(stepOpenable(3, withLevel, false)).toBe(true)
    expect(stepOpenable(4, withLevel, false)).toBe(true)
    expect(stepOpenable(5, { ...withLevel, time: '' }, false)).toBe(false)
    expect(stepOpenable(4, { ...withLevel, teachingLanguageId: null }, false)).toBe(false)
  })

  it('always opens the explanation step (never shown locked)', () => {
    expect(stepOpenable(2, { ...empty, teachingLanguageId: null }, false)).toBe(true)
  })

  it('lets step 6 follow step 4, not step 5', () => {
    const withLevel = { ...empty, levelId: 3 }
    expect(stepComplete(4, withLevel, false)).toBe(false)
    expect(stepOpenable(5, withLevel, false)).toBe(true)
  })

  it('names the first incomplete step', () => {
    expect(firstIncomplete(6, empty, false)).toBe(1)
    expect(firstIncomplete(6, { ...empty, levelId: 3 }, false)).toBe(4)
    expect(firstIncomplete(6, { ...empty, levelId: 3, about: 'Hej' }, true)).toBeNull()
  })

  it('counts the third step as always complete and the about as written only when not blank', () => {
    expect(stepComplete(2, empty, false)).toBe(true)
    expect(stepComplete(4, { ...empty, about: '   ' }, false)).toBe(false)
    expect(stepComplete(4, { ...empty, about: 'Uczę się do pracy' }, false)).toBe(true)
  })

  it('needs every step, the voice sample included, before Find teacher', () => {
    const answered = { ...empty, levelId: 3, about: 'Cześć' }
    expect(allComplete(answered, false)).toBe(false)
    expect(allComplete(answered, true)).toBe(true)
    expect(allComplete({ ...answered, teachingLanguageId: null }, true)).toBe(false)
  })
})

describe('the date and time the picker starts with', () => {
  // 24 Nov 2026 is winter time: Poland = UTC+1.
  it('is today at 18:00 during the day', () => {
    expect(defaultDateTime(new Date('2026-11-24T09:07:00Z'))).toEqual({ date: '2026-11-24', time: '18:00' })
  })

  it('is the next quarter hour after 18:00, and the next day at 06:00 after 23:00', () => {
    expect(defaultDateTime(new Date('2026-11-24T18:07:00Z'))).toEqual({ date: '2026-11-24', time: '19:15' })
    expect(defaultDateTime(new Date('2026-11-24T22:01:00Z'))).toEqual({ date: '2026-11-25', time: '06:00' })
  })

  it('starts at 06:00 on later days and never before it today', () => {
    const early = new Date('2026-11-24T02:00:00Z')
    expect(earliestTime('2026-11-25', early)).toBe('06:00')
    expect(earliestTime('2026-11-24', early)).toBe('06:00')
    expect(pickerAfter('2026-11-24', early)).toBeUndefined()
  })

  it('offers today only times from the next quarter hour on', () => {
    const now = new Date('2026-11-24T13:30:00Z') // 14:30 in Poland
    expect(earliestTime('2026-11-24', now)).toBe('14:30')
    expect(pickerAfter('2026-11-24', now)).toBe('14:15')
    expect(pickerAfter('2026-11-25', now)).toBeUndefined()
  })

  it('follows summer time', () => {
    // 1 Jul 2026: UTC+2, so 16:50 UTC is 18:50 in Poland.
    expect(defaultDateTime(new Date('2026-07-01T16:50:00Z'))).toEqual({ date: '2026-07-01', time: '19:00' })
  })
})
