import { vi } from 'vitest'
import type { Timetable } from '../../domain/api/timetables.ts'
import { studentProfile, teacherSummaryFixture } from './profile-fixture.ts'

// A fake API at the fetch level for the set-lessons tests: each path answers from `answers`,
// and every request is recorded (path, query, headers, body).

export const TEACHER_ID = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'
export const slotId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
export const STUDENT = studentProfile({ languages_learned: [{ language_id: 2 }] })

export const languages = [
  { id: 1, name: 'English', name_pl: 'angielski', conjugated_name: 'angielskiego' },
  { id: 2, name: 'German', name_pl: 'niemiecki', conjugated_name: 'niemieckiego' },
]
export const levels = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'].map((name, index) => ({ id: index + 1, name }))

export const teacherSummary = teacherSummaryFixture()

export const searchPage = {
  data: [
    {
      id: TEACHER_ID,
      first_name: 'Anna',
      last_name: 'Nowak',
      average_rating: 4.5,
      image_url: null,
      taught_languages: [{ id: 2, level: { id: 4 } }],
      not_accepting_new_students: false,
      next_free_slot: '2026-11-25T07:00:00.000Z',
    },
  ],
  currentPage: 1,
  lastPage: 1,
  perPage: 10,
  total: 1,
}

/** Tuesday 24.11.2026 in the current week; slots on Wednesday 25.11 and Thursday 26.11. */
export function timetable(overrides: Partial<Timetable> = {}): Timetable {
  const free = (n: number, time: string) => ({
    id: slotId(n),
    time,
    available: true,
    scheduled: false,
    missed: false,
  })
  return {
    timetable: [
      { date: '2026-11-23', slots: [], has_own_lesson: false },
      { date: '2026-11-24', slots: [], has_own_lesson: false },
      {
        date: '2026-11-25',
        slots: [free(1, '08:00'), free(2, '08:45'), free(3, '10:00')],
        has_own_lesson: false,
      },
      { date: '2026-11-26', slots: [free(4, '18:00')], has_own_lesson: false },
      { date: '2026-11-27', slots: [], has_own_lesson: false },
      { date: '2026-11-28', slots: [], has_own_lesson: false },
      { date: '2026-11-29', slots: [], has_own_lesson: false },
    ],
    scheduled_lessons_count: 0,
    lesson_earliness_condition: 12,
    scheduled_lessons_limit_per_student: 2,
    not_accepting_new_students: false,
    ...overrides,
  }
}

export type Sent = { path: string; query: URLSearchParams; headers: Headers; body: unknown }
type Answer = { status: number; body: unknown } | 'network-error'

export function fakeApi(answers: Record<string, Answer | ((query: URLSearchParams) => Answer)>) {
  const sent: Sent[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    if (!(input instanceof Request)) throw new TypeError('unexpected fetch input')
    const url = new URL(input.url)
    const path = url.pathname.replace('/api/v1', '')
    const text = await input.clone().text()
    sent.push({ path, query: url.searchParams, headers: input.headers, body: text ? JSON.parse(text) : null })
    const entry = answers[path]
    const answer =
      typeof entry === 'function'
        ? entry(url.searchParams)
        : (entry ?? { status: 404, body: { error: 'Not found', code: 'not_found' } })
    if (answer === 'network-error') throw new TypeError('Failed to fetch')
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  return sent
}

export const baseAnswers = (): Record<string, Answer> => ({
  '/students/me': { status: 200, body: { data: STUDENT } },
  '/languages/list': { status: 200, body: { data: languages } },
  '/levels/list': { status: 200, body: { data: levels } },
  '/teachers/search': { status: 200, body: searchPage },
  '/teachers/show': { status: 200, body: { data: teacherSummary } },
  '/teachers/timetables/show': { status: 200, body: { data: timetable() } },
})
