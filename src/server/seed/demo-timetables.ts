import type { Interval } from '../../domain/schedule/availability.ts'
import type { Db } from '../db/client.ts'
import { syncSlots, teacherRange } from '../modules/timetables/materialise.ts'
import { isoWeekday, type Rules } from '../modules/timetables/plan.ts'
import { saveRules } from '../modules/timetables/repository.ts'
import { updateUser } from '../modules/users/repository.ts'
import { soonStart, withSlotAt } from './demo-lesson-times.ts'

// Demo weekly schedules of the eight verified demo teachers: Poland time, cyclical, varied —
// after-work evenings, some mornings, Saturday mornings.

const at = (start: string, end: string): Interval => ({ start, end })
const weekdays = (intervals: Interval[]) => ({
  '1': intervals,
  '2': intervals,
  '3': intervals,
  '4': intervals,
  '5': intervals,
})

export const DEMO_WEEKLY: Record<string, Record<string, Interval[]>> = {
  'anna.nowak@demo.lektorium.pl': { ...weekdays([at('16:00', '20:30')]), '6': [at('09:00', '12:00')] },
  'piotr.kowalski@demo.lektorium.pl': {
    '1': [at('08:00', '11:00')],
    '3': [at('08:00', '11:00')],
    '5': [at('08:00', '11:00')],
  },
  'katarzyna.wisniewska@demo.lektorium.pl': { ...weekdays([at('17:00', '21:30')]) },
  'tomasz.wojcik@demo.lektorium.pl': {
    '2': [at('07:00', '09:15'), at('18:00', '21:00')],
    '4': [at('07:00', '09:15'), at('18:00', '21:00')],
    '6': [at('10:00', '13:00')],
  },
  'magdalena.kaminska@demo.lektorium.pl': {
    ...weekdays([at('12:00', '15:00')]),
    '7': [at('10:00', '12:15')],
  },
  'michal.lewandowski@demo.lektorium.pl': {
    '1': [at('18:00', '22:30')],
    '2': [at('18:00', '22:30')],
    '4': [at('18:00', '22:30')],
  },
  'agnieszka.zielinska@demo.lektorium.pl': { ...weekdays([at('09:00', '12:00'), at('16:00', '19:00')]) },
  'jakub.szymanski@demo.lektorium.pl': {
    '3': [at('15:00', '20:15')],
    '5': [at('15:00', '20:15')],
    '6': [at('08:00', '11:00')],
  },
}

/**
 * Dated changes of the demo schedules: Anna works one extra lesson starting within a quarter hour
 * of the seeding time, the "soon" lesson of the demo student Piotr (demo-lessons.ts) — when it
 * falls in a working day's hours; at night that lesson has no slot.
 */
export function demoScheduleDates(email: string, now: Date): Record<string, Interval[]> {
  const weekly = DEMO_WEEKLY[email]
  if (email !== 'anna.nowak@demo.lektorium.pl' || !weekly) return {}
  const { date, minutes, onSchedule } = soonStart(now)
  if (!onSchedule) return {}
  return { [date]: withSlotAt(weekly[String(isoWeekday(date))] ?? [], minutes) }
}

/** Stores a demo teacher's weekly rules and materialises the schedule range (inside the seed's transaction). */
export async function seedDemoTimetable(tx: Db, teacherId: string, email: string, now: Date): Promise<void> {
  const weekly = DEMO_WEEKLY[email]
  if (!weekly) return
  const rules: Rules = { weekly, dates: demoScheduleDates(email, now) }
  await saveRules(tx, { teacherId, ...rules }, now)
  await updateUser(tx, teacherId, { hasCyclicalTimetable: true })
  await syncSlots(tx, teacherId, rules, { now, range: teacherRange(now), prune: false })
}
