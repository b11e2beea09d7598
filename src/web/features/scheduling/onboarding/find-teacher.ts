import type { LackOfSlotsInput } from '../../../../domain/api/language-onboardings.ts'
import type { TeacherSearchResult } from '../../../../domain/api/teachers.ts'
import type { Timetable } from '../../../../domain/api/timetables.ts'
import { formatTime, parseTime, TIME_STEP_MINUTES } from '../../../../domain/schedule/time-of-day.ts'
import type { OnboardingCriteria } from '../../../api/language-onboardings.ts'
import type { TeacherSearchParams } from '../../../api/teacher-search.ts'
import { currentWeekStart } from '../../../ui/week-bounds.ts'
import { searchTime } from '../search-time.ts'
import type { PickedSlot } from '../slot-selection.ts'

// "Find teacher" (product-rules.md "Language onboarding"), step by step, over the calls it needs
// (given, so the order and the outcomes are unit-tested without a server).

/** The third identical failed search sends the lack-of-slots report. */
export const FAILURES_BEFORE_REPORT = 3

export type FindCriteria = OnboardingCriteria & { date: string; time: string; about: string }

export type FindOutcome =
  /** Nobody teaches this at all: the school was told (the request-sent message). */
  | { kind: 'request_sent' }
  | { kind: 'offer'; teacher: TeacherSearchResult; slot: PickedSlot }
  | { kind: 'schedule'; teacher: TeacherSearchResult; week: string }
  /** No teacher free around the time; `reported` once the school was told. */
  | { kind: 'not_found'; reported: boolean }
  /** The school was not told: the student has sent `max` reports today. */
  | { kind: 'report_capped'; max: string }

/** Whether the school took the report, or the student's reports of the day are used up. */
export type ReportResult = { sent: true } | { sent: false; max: string }

export type FindTeacherCalls = {
  saveAbout: (about: string) => Promise<void>
  teacherExists: (criteria: OnboardingCriteria) => Promise<boolean>
  searchOne: (params: Omit<TeacherSearchParams, 'page' | 'perPage'>) => Promise<TeacherSearchResult | null>
  timetable: (teacherId: string, weekStart: string) => Promise<Timetable>
  report: (input: LackOfSlotsInput) => Promise<ReportResult>
}

/** Failed searches per criteria while the screen is open ("identical" searches). */
export type FailureCounter = Map<string, number>

export const criteriaKey = (c: FindCriteria): string =>
  JSON.stringify([c.languageId, c.teachingLanguageId, c.levelId, c.specializationId, c.date, c.time])

const reportOf = (c: FindCriteria): LackOfSlotsInput => ({
  language_id: c.languageId,
  teaching_language_id: c.teachingLanguageId,
  level_id: c.levelId,
  specialization_id: c.specializationId,
  date: c.date,
  hour: c.time,
})

/** The Monday of the week `date` is in ('YYYY-MM-DD'), the timetable's week. */
const weekOf = (date: string): string => currentWeekStart(new Date(`${date}T12:00:00Z`))

/** The chosen slot of the day when it is free for this student ("an exact slot"). */
export function exactSlot(timetable: Timetable, date: string, time: string): PickedSlot | null {
  const day = timetable.timetable.find((d) => d.date === date)
  if (!day || day.has_own_lesson || timetable.not_accepting_new_students) return null
  const slot = day.slots.find((s) => s.time === time && s.available && !s.scheduled && !s.missed)
  return slot ? { id: slot.id, date, time } : null
}

export async function findTeacher(
  calls: FindTeacherCalls,
  criteria: FindCriteria,
  failures: FailureCounter,
): Promise<FindOutcome> {
  await calls.saveAbout(criteria.about)
  if (!(await calls.teacherExists(criteria))) {
    const report = await calls.report(reportOf(criteria))
    return report.sent ? { kind: 'request_sent' } : { kind: 'report_capped', max: report.max }
  }
  const filters = {
    languageId: criteria.languageId,
    teachingLanguageId: criteria.teachingLanguageId,
    levelId: criteria.levelId,
    specializationId: criteria.specializationId ?? undefined,
    day: criteria.date,
  }
  // First a teacher free at the very time (the student's wish), then anyone within ±2 hours.
  const start = parseTime(criteria.time) ?? 0
  const exactWindow = { from: criteria.time, to: formatTime(start + TIME_STEP_MINUTES) }
  const exact = await calls.searchOne({ ...filters, time: exactWindow })
  if (exact) {
    const slot = exactSlot(
      await calls.timetable(exact.id, weekOf(criteria.date)),
      criteria.date,
      criteria.time,
    )
    if (slot) return { kind: 'offer', teacher: exact, slot }
  }
  const near = exact ?? (await calls.searchOne({ ...filters, time: searchTime(criteria.time, null) }))
  if (near) return { kind: 'schedule', teacher: near, week: weekOf(criteria.date) }
  const key = criteriaKey(criteria)
  const count = (failures.get(key) ?? 0) + 1
  failures.set(key, count)
  if (count < FAILURES_BEFORE_REPORT) return { kind: 'not_found', reported: false }
  if (count === FAILURES_BEFORE_REPORT) {
    const report = await calls.report(reportOf(criteria))
    if (!report.sent) return { kind: 'report_capped', max: report.max }
  }
  return { kind: 'not_found', reported: true }
}
