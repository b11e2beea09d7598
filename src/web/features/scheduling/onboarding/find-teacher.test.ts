import { describe, expect, it } from 'vitest'
import type { LackOfSlotsInput } from '../../../../domain/api/language-onboardings.ts'
import type { TeacherSearchResult } from '../../../../domain/api/teachers.ts'
import type { Timetable } from '../../../../domain/api/timetables.ts'
import type { TeacherSearchParams } from '../../../api/teacher-search.ts'
import { type FindCriteria, type FindTeacherCalls, findTeacher } from './find-teacher.ts'

// "Find teacher" with its ±2-hour window and its report after 3 identical failures
// (product-rules.md "Language onboarding").

const criteria: FindCriteria = {
  languageId: 1,
  teachingLanguageId: 2,
  levelId: 3,
  specializationId: null,
  date: '2026-12-02',
  time: '17:00',
  about: 'Cześć',
}

const anna: TeacherSearchResult = {
  id: '00000000-0000-4000-8000-000000000001',
  first_name: 'Anna',
  last_name: 'Nowak',
  average_rating: 5,
  image_url: null,
  taught_languages: [{ id: 1, level: { id: 6 } }],
  not_accepting_new_students: false,
  next_free_slot: null,
}

const slot = (time: string, available = true) => ({
  id: `slot-${time}`,
  time,
  available,
  scheduled: false,
  missed: false,
})

const week = (slots: ReturnType<typeof slot>[]): Timetable => ({
  timetable: [{ date: '2026-12-02', slots, has_own_lesson: false }],
  scheduled_lessons_count: 0,
  lesson_earliness_condition: 12,
  scheduled_lessons_limit_per_student: 2,
  not_accepting_new_students: false,
})

function fakeCalls(options: {
  exists?: boolean
  exact?: boolean
  near?: boolean
  slots?: ReturnType<typeof slot>[]
  /** The student's reports of the day are used up. */
  capped?: boolean
}) {
  const log: string[] = []
  const searches: Omit<TeacherSearchParams, 'page' | 'perPage'>[] = []
  const reports: LackOfSlotsInput[] = []
  const calls: FindTeacherCalls = {
    saveAbout: async (about) => void log.push(`about:${about}`),
    teacherExists: async () => {
      log.push('exists')
      return options.exists ?? true
    },
    searchOne: async (params) => {
      searches.push(params)
      const exactSearch = params.time?.to === '17:15'
      return (exactSearch ? options.exact : options.near) ? anna : null
    },
    timetable: async (_teacher, weekStart) => {
      log.push(`timetable:${weekStart}`)
      return week(options.slots ?? [])
    },
    report: async (input) => {
      if (options.capped) return { sent: false, max: '10' }
      reports.push(input)
      return { sent: true }
    },
  }
  return { calls, log, searches, reports }
}

describe('findTeacher', () => {
  it('saves the about first, and says the request was sent when nobody teaches it', async () => {
    const fake = fakeCalls({ exists: false })
    expect(await findTeacher(fake.calls, criteria, new Map())).toEqual({ kind: 'request_sent' })
    expect(fake.log).toEqual(['about:Cześć', 'exists'])
    expect(fake.reports).toEqual([
      {
        language_id: 1,
        teaching_language_id: 2,
        level_id: 3,
        specialization_id: null,
        date: '2026-12-02',
        hour: '17:00',
      },
    ])
    expect(fake.searches).toEqual([])
  })

  it('offers the exact slot of the chosen day when it is free', async () => {
    const fake = fakeCalls({ exact: true, slots: [slot('16:15'), slot('17:00')] })
    const outcome = await findTeacher(fake.calls, criteria, new Map())
    expect(outcome).toEqual({
      kind: 'offer',
      teacher: anna,
      slot: { id: 'slot-17:00', date: '2026-12-02', time: '17:00' },
    })
    // The week of Wednesday 2 December starts on Monday 30 November.
    expect(fake.log).toContain('timetable:2026-11-30')
  })

  it('shows the teacher’s week when the slot at the time is not free, searching ±2 hours', async () => {
    const fake = fakeCalls({ exact: false, near: true })
    const outcome = await findTeacher(fake.calls, criteria, new Map())
    expect(outcome).toEqual({ kind: 'schedule', teacher: anna, week: '2026-11-30' })
    expect(fake.searches.map((s) => s.time)).toEqual([
      { from: '17:00', to: '17:15' },
      { from: '15:00', to: '19:00' },
    ])
    expect(fake.searches[1]).toMatchObject({
      languageId: 1,
      teachingLanguageId: 2,
      levelId: 3,
      day: '2026-12-02',
    })
  })

  it('falls back to the exact teacher’s week when the timetable no longer has the slot free', async () => {
    const fake = fakeCalls({ exact: true, slots: [slot('17:00', false)] })
    expect(await findTeacher(fake.calls, criteria, new Map())).toMatchObject({ kind: 'schedule' })
    expect(fake.searches).toHaveLength(1)
  })

  it('reports after the third identical failed search, once, and counts other criteria apart', async () => {
    const fake = fakeCalls({ exact: false, near: false })
    const failures = new Map<string, number>()
    const outcomes = []
    for (let i = 0; i < 4; i++) outcomes.push(await findTeacher(fake.calls, criteria, failures))
    expect(outcomes.map((o) => o.kind === 'not_found' && o.reported)).toEqual([false, false, true, true])
    expect(fake.reports).toHaveLength(1)
    expect(await findTeacher(fake.calls, { ...criteria, time: '18:00' }, failures)).toEqual({
      kind: 'not_found',
      reported: false,
    })
  })

  it("says so when the school already has the student's reports of the day", async () => {
    const nobody = fakeCalls({ exists: false, capped: true })
    expect(await findTeacher(nobody.calls, criteria, new Map())).toEqual({ kind: 'report_capped', max: '10' })
    const full = fakeCalls({ exact: false, near: false, capped: true })
    const failures = new Map<string, number>()
    const kinds = []
    for (let i = 0; i < 3; i++) kinds.push((await findTeacher(full.calls, criteria, failures)).kind)
    expect(kinds).toEqual(['not_found', 'not_found', 'report_capped'])
  })

  it('wraps the window to midnight from 22:00', async () => {
    const fake = fakeCalls({ exact: false, near: false })
    await findTeacher(fake.calls, { ...criteria, time: '22:00' }, new Map())
    expect(fake.searches[1]?.time).toEqual({ from: '20:00', to: '00:00' })
  })
})
