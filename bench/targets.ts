import { randomUUID } from 'node:crypto'
import { addDays } from '../src/domain/poland-time.ts'
import { searchWindow } from '../src/domain/schedule/slot-rules.ts'
import type { LoadSource } from './load.ts'
import { type BenchData, STUDENTS } from './seed.ts'

// What the benchmark asks of the server: each request varies (another student, teacher, week or
// filter), so no answer is served from a warm cache of answers alone (the server's teacher board
// keeps data, not answers: decisions.md "The teacher board: search and timetables from memory").

const pick = <T>(list: T[]): T => {
  const item = list[Math.floor(Math.random() * list.length)]
  if (item === undefined) throw new Error('empty list')
  return item
}

/**
 * Students active during a run: each is signed in and, like a person using the app, makes several
 * requests in a row (of the 10,000, as many as a busy hour might have on at once).
 */
const ACTIVE_USERS = Number(process.env.BENCH_ACTIVE_USERS ?? 500)

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })

/**
 * The requests, sent to `bases` in turn (one server process, or several on one database: issue
 * #27's two-process run). Sources keep their state across calls of this function's answer: a
 * second run of lessons/create books other students and slots.
 */
export type BookingCursor = { student: number; teacher: number }

/** Where lessons/create goes on: students without lessons, each booking once, teachers in turn. */
export const bookingCursor = (): BookingCursor => ({ student: Math.floor(STUDENTS / 4), teacher: 0 })

export function benchTargets(
  bases: string[],
  data: BenchData,
  cursor: BookingCursor = bookingCursor(),
): [string, LoadSource][] {
  let turn = 0
  const api = () => `${bases[turn++ % bases.length]}/api/v1`
  const weekStarts = [data.dates[0] ?? '', data.dates[7] ?? '']
  const active = data.studentTokens.slice(0, ACTIVE_USERS)
  const timetable = () => {
    const from = pick(weekStarts)
    const query = new URLSearchParams({
      teacher_id: pick(data.teachers).id,
      date_from: from,
      date_to: addDays(from, 6),
    })
    return { url: `${api()}/teachers/timetables/show?${query}`, headers: json(pick(active)) }
  }
  const search = () => {
    const window = searchWindow(8 + Math.floor(Math.random() * 12))
    const time = {
      from: `${String(window.from).padStart(2, '0')}:00`,
      to: `${String(window.to).padStart(2, '0')}:00`,
    }
    const query = new URLSearchParams({
      language_id: String(pick(data.languageIds.slice(0, 6))),
      level_id: String(pick(data.levelIds.slice(0, 3))),
      day: pick(data.dates.slice(1)),
      time: JSON.stringify(time),
      per_page: '10',
    })
    return { url: `${api()}/teachers/search?${query}`, headers: json(pick(active)) }
  }
  // The first search a student makes: a language and a level, no day and no time.
  const searchAnyTime = () => {
    const query = new URLSearchParams({
      language_id: String(pick(data.languageIds.slice(0, 6))),
      level_id: String(pick(data.levelIds.slice(0, 3))),
      per_page: '10',
    })
    return { url: `${api()}/teachers/search?${query}`, headers: json(pick(active)) }
  }
  // Students without lessons book one free slot each, teachers taken in turn.
  const create = () => {
    // The next teacher with a free slot left (a fast run uses up some teachers' slots).
    let owner: (typeof data.teachers)[number] | undefined
    let slot: { id: string } | undefined
    for (let tried = 0; !slot && tried < data.teachers.length; tried++) {
      owner = data.teachers[cursor.teacher++ % data.teachers.length]
      slot = owner ? data.freeSlots.get(owner.id)?.shift() : undefined
    }
    const token = data.studentTokens[cursor.student++ % data.studentTokens.length] ?? ''
    const body = {
      language_id: owner?.languageId,
      level_id: data.levelIds[0],
      teacher_id: owner?.id,
      time_slot_ids: slot ? [slot.id] : [],
    }
    return {
      url: `${api()}/lessons/create`,
      method: 'POST',
      headers: { ...json(token), 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    }
  }
  return [
    ['health (static ceiling)', () => ({ url: `${api()}/health` })],
    ['timetables/show', timetable],
    ['teachers/search', search],
    ['teachers/search, any time', searchAnyTime],
    ['lessons/create', create],
  ]
}
