import { addDays, polandDateKey, toPolandParts } from '../../../../domain/poland-time.ts'
import {
  DAY_END_MINUTES,
  DAY_START_MINUTES,
  formatTime,
  TIME_STEP_MINUTES,
} from '../../../../domain/schedule/time-of-day.ts'

// The language onboarding (product-rules.md "Language onboarding"): the six steps' answers, when
// each step is complete and when it may be opened; the date and time the picker starts with
// ("Constants and limits"). Pure, so the rules are unit-tested.

export type OnboardingAnswers = {
  /** The language to learn (the teacher's taught language): preset, not chosen here. */
  languageId: number | null
  /** The language the lessons are held in (Polish by default). */
  teachingLanguageId: number | null
  levelId: number | null
  /** Optional: any specialization when null. */
  specializationId: number | null
  date: string | null
  /** 'HH:mm' Poland time, '' while none. */
  time: string
  about: string
}

export const STEP_COUNT = 6
/** Step 4 (date and time), whose completeness step 6 needs. */
export const DATE_STEP = 3
export const VOICE_STEP = 5

export function stepComplete(step: number, answers: OnboardingAnswers, voiceSample: boolean): boolean {
  switch (step) {
    case 0:
      return answers.languageId !== null && answers.teachingLanguageId !== null
    case 1:
      return answers.levelId !== null
    case 2:
      // The third step is skipped and always complete.
      return true
    case DATE_STEP:
      return answers.date !== null && answers.time !== ''
    case 4:
      // "A short intro": something must be written (about has no other rule).
      return answers.about.trim() !== ''
    case VOICE_STEP:
      return voiceSample
    default:
      return false
  }
}

/** Step 3: only an explanation of how the teacher is chosen. */
export const INFO_STEP = 2

/**
 * A step opens only when the previous one is complete; step 6 needs step 4; and never past an
 * incomplete one (every step before it is complete: no jumping ahead with the headers); the
 * explanation step may always be read.
 */
export function stepOpenable(step: number, answers: OnboardingAnswers, voiceSample: boolean): boolean {
  return step === INFO_STEP || missingBefore(step, answers, voiceSample) === null
}

/** The first incomplete step that `step` needs (step 6: step 4 and those before it), or null. */
export function missingBefore(step: number, answers: OnboardingAnswers, voiceSample: boolean): number | null {
  return firstIncomplete(step === VOICE_STEP ? DATE_STEP + 1 : step, answers, voiceSample)
}

/** The first incomplete step before `end`, or null when all of them are complete. */
export function firstIncomplete(
  end: number,
  answers: OnboardingAnswers,
  voiceSample: boolean,
): number | null {
  for (let step = 0; step < end; step++) if (!stepComplete(step, answers, voiceSample)) return step
  return null
}

export const allComplete = (answers: OnboardingAnswers, voiceSample: boolean): boolean =>
  Array.from({ length: STEP_COUNT }, (_, step) => stepComplete(step, answers, voiceSample)).every(Boolean)

export const DEFAULT_TIME = '18:00'

/**
 * The earliest selectable time on `date` (product-rules.md "Constants and limits"): 06:00, or today
 * the current Poland time rounded up to the next 15 minutes; null when nothing is left that day
 * (after 23:00).
 */
export function earliestTime(date: string, now: Date): string | null {
  if (date !== polandDateKey(now)) return formatTime(DAY_START_MINUTES)
  const p = toPolandParts(now)
  const minutes = p.hour * 60 + p.minute
  const rounded = Math.ceil(minutes / TIME_STEP_MINUTES) * TIME_STEP_MINUTES
  const earliest = Math.max(rounded, DAY_START_MINUTES)
  return earliest > DAY_END_MINUTES ? null : formatTime(earliest)
}

/**
 * Today at 18:00; later than that, the earliest selectable time; after 23:00 the next day at 06:00.
 */
export function defaultDateTime(now: Date): { date: string; time: string } {
  const today = polandDateKey(now)
  const earliest = earliestTime(today, now)
  if (earliest === null) return { date: addDays(today, 1), time: formatTime(DAY_START_MINUTES) }
  return { date: today, time: earliest > DEFAULT_TIME ? earliest : DEFAULT_TIME }
}

/** The picker's "later than" bound for `date`: the quarter before the earliest time, if any. */
export function pickerAfter(date: string, now: Date): string | undefined {
  const earliest = earliestTime(date, now)
  if (earliest === null || earliest === formatTime(DAY_START_MINUTES)) return undefined
  const [h = 0, m = 0] = earliest.split(':').map(Number)
  return formatTime(h * 60 + m - TIME_STEP_MINUTES)
}
