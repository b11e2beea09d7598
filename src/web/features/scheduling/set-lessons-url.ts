import { isDateKey } from '../../../domain/api/timetables.ts'
import { parseTime } from '../../../domain/schedule/time-of-day.ts'

// The set-lessons screen keeps its state in the URL query, so a reload, the back button and a
// link (e.g. from the IT-teachers screen: ?teacher=<id>) restore it. Anything malformed is
// dropped, never trusted.

export type SetLessonsState = {
  /** A language id; 'any' when the student cleared it; null when not chosen yet (default applies). */
  language: number | 'any' | null
  level: number | null
  /** 'YYYY-MM-DD' */
  day: string | null
  /** 'HH:mm' Poland time */
  from: string | null
  to: string | null
  page: number
  teacher: string | null
  /** Monday 'YYYY-MM-DD' (checked against the week bounds by the screen). */
  week: string | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const positiveInt = (raw: string | null, max: number): number | null =>
  raw !== null && /^[1-9]\d{0,8}$/.test(raw) && Number(raw) <= max ? Number(raw) : null

const time = (raw: string | null): string | null => (raw !== null && parseTime(raw) !== null ? raw : null)

export function readSetLessonsState(query: URLSearchParams): SetLessonsState {
  const language = query.get('language')
  const day = query.get('day')
  const teacher = query.get('teacher')
  const week = query.get('week')
  return {
    language: language === 'any' ? 'any' : positiveInt(language, 1e9),
    level: positiveInt(query.get('level'), 1e9),
    day: day !== null && isDateKey(day) ? day : null,
    from: time(query.get('from')),
    to: time(query.get('to')),
    page: positiveInt(query.get('page'), 100_000) ?? 1,
    teacher: teacher !== null && UUID.test(teacher) ? teacher.toLowerCase() : null,
    week: week !== null && isDateKey(week) ? week : null,
  }
}

export function writeSetLessonsState(state: SetLessonsState): URLSearchParams {
  const query = new URLSearchParams()
  if (state.language !== null) query.set('language', String(state.language))
  if (state.level !== null) query.set('level', String(state.level))
  if (state.day) query.set('day', state.day)
  if (state.from) query.set('from', state.from)
  if (state.to) query.set('to', state.to)
  if (state.page > 1) query.set('page', String(state.page))
  if (state.teacher) query.set('teacher', state.teacher)
  if (state.week) query.set('week', state.week)
  return query
}
