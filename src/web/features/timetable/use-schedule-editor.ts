import { useState } from 'react'
import type { WeekdayKey } from '../../../domain/api/timetables.ts'
import type { Interval } from '../../../domain/schedule/availability.ts'
import type { FieldMessages } from '../../api/issue-messages.ts'
import { type ScheduleFormValues, weekdayOf, withCyclical } from './schedule-form.ts'
import { scheduleFormMessages, withoutDay } from './schedule-form-rules.ts'

/**
 * The SetLesson form's state: values and the messages on its days and intervals. Messages are
 * checked on Save (lazy validation, product-rules.md "Validation") and a day's messages clear when
 * it is edited.
 */
export function useScheduleEditor(initial: ScheduleFormValues) {
  const [values, setValues] = useState(initial)
  const [messages, setMessages] = useState<FieldMessages>({})

  const setWeekday = (key: WeekdayKey, intervals: Interval[]) => {
    setValues((current) => ({ ...current, weekdays: { ...current.weekdays, [key]: intervals } }))
    setMessages((current) => withoutDay(current, `weekdays.${key}`))
  }

  const setDate = (date: string, intervals: Interval[]) => {
    setValues((current) => ({ ...current, dates: { ...current.dates, [date]: { own: true, intervals } } }))
    setMessages((current) => withoutDay(current, `dates.${date}`))
  }

  /** A date of a cyclical schedule gets hours of its own, starting from its weekday's. */
  const setOwn = (date: string, own: boolean) => {
    setValues((current) => {
      const intervals = own ? current.weekdays[weekdayOf(date)] : []
      return { ...current, dates: { ...current.dates, [date]: { own, intervals } } }
    })
    setMessages((current) => withoutDay(current, `dates.${date}`))
  }

  const setCyclical = (cyclical: boolean) => {
    setValues((current) => withCyclical(current, cyclical))
    setMessages({})
  }

  /** Checks the whole form and shows what it found; an empty answer means it can be sent. */
  const check = (): FieldMessages => {
    const found = scheduleFormMessages(values)
    setMessages(found)
    return found
  }

  return { values, messages, setMessages, setWeekday, setDate, setOwn, setCyclical, check }
}

export type ScheduleEditor = ReturnType<typeof useScheduleEditor>
