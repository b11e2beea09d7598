import { isDateKey } from '../../../domain/api/timetables.ts'

// my-lessons keeps the chosen tab, view, calendar range, date and page in the URL query, so a
// reload, the back button and a shared link restore them. Anything malformed is dropped, never
// trusted.

export const TABS = ['scheduled', 'closed', 'group'] as const
export type LessonsTab = (typeof TABS)[number]
export type LessonsView = 'list' | 'calendar'
export type CalendarRange = 'week' | 'day'

export type MyLessonsState = {
  tab: LessonsTab
  view: LessonsView
  /** null: the screen's default (the day on a phone, the week elsewhere). */
  range: CalendarRange | null
  /** The calendar's Poland date 'YYYY-MM-DD'; null: today. */
  date: string | null
  /** The page of the closed or group list. */
  page: number
}

const isTab = (value: string | null): value is LessonsTab => TABS.some((tab) => tab === value)

/**
 * `home`: the tab without a `tab` in the query — the group tab for a student with group lessons
 * only (product-rules.md "Group lessons"), else the scheduled one.
 */
export function readMyLessonsState(query: URLSearchParams, home: LessonsTab = 'scheduled'): MyLessonsState {
  const tab = query.get('tab')
  const range = query.get('range')
  const date = query.get('date')
  const page = query.get('page')
  return {
    tab: isTab(tab) ? tab : home,
    view: query.get('view') === 'calendar' ? 'calendar' : 'list',
    range: range === 'week' || range === 'day' ? range : null,
    date: date !== null && isDateKey(date) ? date : null,
    page: page !== null && /^[1-9]\d{0,4}$/.test(page) ? Number(page) : 1,
  }
}

export function writeMyLessonsState(state: MyLessonsState, home: LessonsTab = 'scheduled'): URLSearchParams {
  const query = new URLSearchParams()
  if (state.tab !== home) query.set('tab', state.tab)
  if (state.view !== 'list') query.set('view', state.view)
  if (state.range) query.set('range', state.range)
  if (state.date) query.set('date', state.date)
  if (state.page > 1) query.set('page', String(state.page))
  return query
}
