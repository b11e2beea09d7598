import type { MessageDescriptor } from '@lingui/core'
import { type TimetableProblem, timetableUpdateProblems } from '../../../domain/api/timetables.ts'
import type { FieldError } from '../../../domain/errors.ts'
import { fieldErrorMessage } from '../../api/error-messages.ts'
import { type FieldMessages, issueMessage } from '../../api/issue-messages.ts'
import { type ScheduleFormValues, toTimetableUpdate, WEEKDAY_KEYS } from './schedule-form.ts'

// The schedule rules of product-rules.md "Validation" in the SetLesson form: each interval has both
// times, starts before it ends, stays on the 15-minute grid between 06:00 and 23:00 and does not
// overlap another interval of its day. The domain's own check runs (the server runs the same); its
// paths are the form's.

/** Every interval path of the form that holds an interval (`weekdays.3.1`, `dates.2026-03-12.0`). */
function intervalPaths(values: ScheduleFormValues): Map<string, { start: string; end: string }> {
  const paths = new Map<string, { start: string; end: string }>()
  const add = (prefix: string, intervals: { start: string; end: string }[]) => {
    for (const [index, interval] of intervals.entries()) paths.set(`${prefix}.${index}`, interval)
  }
  if (values.cyclical) for (const key of WEEKDAY_KEYS) add(`weekdays.${key}`, values.weekdays[key])
  for (const [date, entry] of Object.entries(values.dates)) {
    if (!values.cyclical || entry.own) add(`dates.${date}`, entry.intervals)
  }
  return paths
}

/** The form's problems by path: an empty time is "required", the rest are the domain's codes. */
export function scheduleFormProblems(values: ScheduleFormValues): TimetableProblem[] {
  const dates = Object.keys(values.dates).sort()
  const range = { from: dates[0] ?? '', to: dates.at(-1) ?? '' }
  const missing: TimetableProblem[] = []
  for (const [field, { start, end }] of intervalPaths(values)) {
    if (start === '' || end === '') missing.push({ field, code: 'required' })
  }
  const taken = new Set(missing.map((p) => p.field))
  const rest = timetableUpdateProblems(toTimetableUpdate(values), range).filter((p) => !taken.has(p.field))
  return [...missing, ...rest]
}

/** The problems as messages per path (the first problem of a path wins). */
export function scheduleFormMessages(values: ScheduleFormValues): FieldMessages {
  const messages: FieldMessages = {}
  for (const { field, code } of scheduleFormProblems(values)) {
    if (!(field in messages)) messages[field] = issueMessage(code)
  }
  return messages
}

/**
 * The server's 400 field errors put back on the intervals (and days) they name. `unplaced` holds
 * the text of an error no row of the form shows, so the dialog can show it as a whole.
 */
export function serverScheduleMessages(
  values: ScheduleFormValues,
  errors: readonly FieldError[],
): { fields: FieldMessages; unplaced: MessageDescriptor | null } {
  const rows = intervalPaths(values)
  const days = new Set([
    ...(values.cyclical ? WEEKDAY_KEYS.map((key) => `weekdays.${key}`) : []),
    ...Object.keys(values.dates).map((date) => `dates.${date}`),
  ])
  const fields: FieldMessages = {}
  let unplaced: MessageDescriptor | null = null
  for (const error of errors) {
    const message = fieldErrorMessage(error)
    if (rows.has(error.field) || days.has(error.field)) fields[error.field] ??= message
    else unplaced ??= message
  }
  return { fields, unplaced }
}

/** Messages of one day and its rows (`prefix` is `weekdays.3` or `dates.2026-03-12`). */
export function dayMessages(messages: FieldMessages, prefix: string): FieldMessages {
  return Object.fromEntries(
    Object.entries(messages).filter(([path]) => path === prefix || path.startsWith(`${prefix}.`)),
  )
}

/**
 * Editing a day clears its messages (product-rules.md "Validation": errors reset when the field is
 * touched again).
 */
export function withoutDay(messages: FieldMessages, prefix: string): FieldMessages {
  return Object.fromEntries(
    Object.entries(messages).filter(([path]) => path !== prefix && !path.startsWith(`${prefix}.`)),
  )
}
