import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { InstantRange } from '../teachers/free-slot-windows.ts'
import { TeacherIndex } from './board-index.ts'
import { compareNames } from './board-names.ts'
import type { BoardTeacher } from './board-repository.ts'
import {
  compareMatches,
  nextFreeStart,
  refusesStudent,
  type SlotFilter,
  searchBoard,
} from './board-search.ts'

// The board's search indexes, kept one teacher at a time: after any sequence of loads, changes and
// removals a search through them finds exactly what a scan of every teacher finds, in the same
// order, and the name ranks follow Polish collation.

const HOUR = 3_600_000
const BASE = Date.UTC(2026, 2, 9, 5)
const levelRanks = new Map([
  [1, 1],
  [2, 2],
  [3, 3],
])

/** A teacher with free starts in up to six of the first `lastHour` + 1 hours. */
const teacherArb = (id: string, lastHour = 40) =>
  fc
    .record({
      lastName: fc.constantFrom('Nowak', 'Łuczak', 'Lis', 'Żak', 'Zając', null),
      firstName: fc.constantFrom('Anna', 'Ewa', 'Ólga', null),
      taught: fc.uniqueArray(
        fc.record({ languageId: fc.integer({ min: 1, max: 3 }), rank: fc.integer({ min: 1, max: 3 }) }),
        { maxLength: 2, selector: (t) => t.languageId },
      ),
      // Each hour with its starts: on the hour, at a quarter to, or both (two in one hour).
      hours: fc.uniqueArray(
        fc.tuple(fc.integer({ min: 0, max: lastHour }), fc.constantFrom([0], [45], [0, 45])),
        {
          maxLength: 6,
          selector: ([hour]) => hour,
        },
      ),
      averageRating: fc.option(fc.integer({ min: 1, max: 5 })),
      refusesNew: fc.boolean(),
      allowsListed: fc.boolean(),
    })
    .map(
      (r): BoardTeacher => ({
        id,
        firstName: r.firstName,
        lastName: r.lastName,
        imageKey: null,
        notAcceptingNewStudents: r.refusesNew,
        averageRating: r.averageRating,
        taught: r.taught.map((t) => ({ languageId: t.languageId, levelId: t.rank, rank: t.rank })),
        taughtLanguages: [],
        teaching: [],
        specializations: [],
        allowed: new Set(r.allowsListed ? ['allowed'] : []),
        slots: { ids: Buffer.alloc(0), starts: new Float64Array(0), booked: new Uint8Array(0) },
        freeStarts: Float64Array.from(
          r.hours
            .sort(([a], [b]) => a - b)
            .flatMap(([hour, minutes]) => minutes.map((m) => BASE + hour * HOUR + m * 60_000)),
        ),
        nameRank: 0,
      }),
    )

const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']
const operationArb = (lastHour?: number) =>
  fc.oneof(
    fc.constantFrom(...ids).chain((id) => teacherArb(id, lastHour).map((teacher) => ({ put: teacher }))),
    fc.constantFrom(...ids).map((id) => ({ delete: id })),
  )
type Operation = { put: BoardTeacher } | { delete: string }

const query = fc.record({
  languageId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  levelId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  // Up to three windows in time order, starting on the hour or half past (partial hours).
  windows: fc.option(
    fc
      .uniqueArray(fc.integer({ min: 0, max: 13 }), { minLength: 1, maxLength: 3 })
      .chain((blocks) =>
        fc.tuple(
          fc.constant(blocks.sort((a, b) => a - b)),
          fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.boolean()), {
            minLength: blocks.length,
            maxLength: blocks.length,
          }),
        ),
      )
      .map(([blocks, shapes]) =>
        blocks.map((block, i) => {
          const [length, half] = shapes[i] ?? [1, false]
          const start = BASE + block * 3 * HOUR + (half ? 30 * 60_000 : 0)
          return { start: new Date(start), end: new Date(BASE + (block * 3 + length) * HOUR) }
        }),
      ),
  ),
  student: fc.constantFrom(null, 'allowed', 'stranger'),
  // Windows to find the soonest free start in, without requiring one (no day and no time).
  anyTime: fc.boolean(),
  // A page of the results (the first pages merge the index's hours), or all of them.
  page: fc.option(
    fc.record({ offset: fc.integer({ min: 0, max: 6 }), limit: fc.integer({ min: 1, max: 4 }) }),
  ),
})

/** A day and an hour range: one to four whole hours from hour 0, with the first page. */
const wholeHoursQuery = fc.record({
  languageId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  levelId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  windows: fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 4 }))
    .map(([from, hours]) => [
      { start: new Date(BASE + from * HOUR), end: new Date(BASE + (from + hours) * HOUR) },
    ]),
  student: fc.constantFrom(null, 'allowed', 'stranger'),
  anyTime: fc.boolean(),
  page: fc.record({ offset: fc.integer({ min: 0, max: 3 }), limit: fc.integer({ min: 1, max: 4 }) }),
})

type Query = {
  languageId: number | undefined
  levelId: number | undefined
  windows: InstantRange[] | null
  student: string | null
  anyTime: boolean
  page: { offset: number; limit: number } | null
}

function scan(teachers: BoardTeacher[], q: Pick<Query, 'languageId' | 'levelId'>, slots: SlotFilter) {
  const minRank = q.levelId === undefined ? null : (levelRanks.get(q.levelId) ?? null)
  return teachers
    .filter((t) =>
      q.languageId === undefined && minRank === null
        ? true
        : t.taught.some(
            (l) =>
              (q.languageId === undefined || l.languageId === q.languageId) &&
              (minRank === null || l.rank >= minRank),
          ),
    )
    .map((teacher) => {
      const refused = refusesStudent(teacher, slots.studentId)
      return {
        teacher,
        nextFreeSlot: refused ? null : nextFreeStart(teacher.freeStarts, slots.windows),
        refused,
      }
    })
    .filter((m) => !slots.required || m.nextFreeSlot !== null)
    .sort(compareMatches)
}

/** After the operations (the first five as a full load when `loadFirst`), each query finds what a scan finds. */
function searchesLikeAScan(operations: Operation[], queries: Query[], loadFirst: boolean): void {
  const current = new Map<string, BoardTeacher>()
  const first = operations.slice(0, loadFirst ? 5 : 0).flatMap((o) => ('put' in o ? [o.put] : []))
  for (const teacher of first) current.set(teacher.id, teacher)
  const index = new TeacherIndex([...current.values()])
  const searches = () => {
    for (const q of queries) {
      const slots: SlotFilter = {
        windows: q.windows ?? [],
        required: q.windows !== null && !q.anyTime,
        studentId: q.student,
      }
      const found = searchBoard({ teachers: index, levelRanks }, q, slots, q.page ?? undefined)
      const expected = scan([...current.values()], q, slots)
      const page = q.page ? expected.slice(q.page.offset, q.page.offset + q.page.limit) : expected
      expect(found.total).toBe(expected.length)
      expect(found.matches.map((m) => [m.teacher.id, m.nextFreeSlot, m.refused])).toEqual(
        page.map((m) => [m.teacher.id, m.nextFreeSlot, m.refused]),
      )
    }
  }
  const changes = operations.slice(loadFirst ? 5 : 0)
  changes.forEach((o, i) => {
    // Halfway, search too: what searches keep (each teacher's next free start) must follow changes.
    if (i === Math.floor(changes.length / 2)) searches()
    if ('put' in o) {
      index.put(o.put)
      current.set(o.put.id, o.put)
    } else {
      index.delete(o.delete)
      current.delete(o.delete)
    }
  })
  expect(index.size).toBe(current.size)
  // Name ranks follow the name order.
  const byName = [...current.values()].sort(compareNames)
  for (let i = 1; i < byName.length; i++) {
    expect((byName[i - 1] as BoardTeacher).nameRank).toBeLessThan((byName[i] as BoardTeacher).nameRank)
  }
  searches()
}

describe('TeacherIndex', () => {
  it('finds what a scan finds, in the same order, after any loads, changes and removals', () => {
    fc.assert(
      fc.property(
        fc.array(operationArb(), { maxLength: 25 }),
        fc.array(query, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        searchesLikeAScan,
      ),
      { numRuns: 300 },
    )
  })

  it('pages a day and an hour range as a scan does: teachers in several of its hours, and ties', () => {
    fc.assert(
      fc.property(
        fc.array(operationArb(5), { maxLength: 25 }),
        fc.array(wholeHoursQuery, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        searchesLikeAScan,
      ),
      { numRuns: 1000 },
    )
  })

  it('pages a search without day and time as a scan does while time passes its first free starts', () => {
    // Sixty teachers, some rated, each with a free start every 45 minutes from its own quarter
    // hour; the search's window starts later each time (the clock and the grace period), so the
    // language's list meets starts that have passed, holds them back, and is sorted again.
    const teachers = Array.from(
      { length: 60 },
      (_, i): BoardTeacher => ({
        id: `t${String(i).padStart(2, '0')}`,
        firstName: null,
        lastName: `Lektor ${i % 7}`,
        imageKey: null,
        notAcceptingNewStudents: i % 11 === 0,
        averageRating: i % 3 === 0 ? 4 + (i % 2) : null,
        taught: [{ languageId: 1, levelId: 1, rank: 1 + (i % 3) }],
        taughtLanguages: [],
        teaching: [],
        specializations: [],
        allowed: new Set(),
        slots: { ids: Buffer.alloc(0), starts: new Float64Array(0), booked: new Uint8Array(0) },
        freeStarts: Float64Array.from({ length: 12 }, (_, k) => BASE + ((i % 4) * 15 + k * 45) * 60_000),
        nameRank: 0,
      }),
    )
    const index = new TeacherIndex(teachers)
    const end = new Date(BASE + 12 * HOUR)
    for (let minutes = 0; minutes <= 9 * 60; minutes += 20) {
      const q = { languageId: 1, levelId: minutes % 40 === 0 ? 2 : undefined }
      const slots: SlotFilter = {
        windows: [{ start: new Date(BASE + minutes * 60_000), end }],
        required: false,
        studentId: 'stranger',
      }
      const found = searchBoard({ teachers: index, levelRanks }, q, slots, { offset: 0, limit: 10 })
      const expected = scan(teachers, q, slots)
      expect(found.total).toBe(expected.length)
      expect(found.matches.map((m) => [m.teacher.id, m.nextFreeSlot])).toEqual(
        expected.slice(0, 10).map((m) => [m.teacher.id, m.nextFreeSlot]),
      )
    }
  })

  it('touches only teachers of the language with a free slot in the window', () => {
    const teacher = (id: string, languageId: number, hour: number): BoardTeacher => ({
      id,
      firstName: null,
      lastName: id,
      imageKey: null,
      notAcceptingNewStudents: false,
      averageRating: null,
      taught: [{ languageId, levelId: 1, rank: 1 }],
      taughtLanguages: [],
      teaching: [],
      specializations: [],
      allowed: new Set(),
      slots: { ids: Buffer.alloc(0), starts: new Float64Array(0), booked: new Uint8Array(0) },
      freeStarts: Float64Array.from([BASE + hour * HOUR]),
      nameRank: 0,
    })
    const index = new TeacherIndex([
      teacher('morning-1', 1, 1),
      teacher('evening-1', 1, 12),
      teacher('morning-2', 2, 1),
    ])
    const window = { start: new Date(BASE), end: new Date(BASE + 3 * HOUR) }
    const visited = (languageId: number | undefined, windows: InstantRange[] | null) => {
      const found: string[] = []
      index.visit(languageId, null, windows, (slot) => found.push(index.teacherAt(slot).id))
      return found.sort()
    }
    expect(visited(1, [window])).toEqual(['morning-1'])
    expect(visited(1, null)).toEqual(['evening-1', 'morning-1'])
    expect(visited(undefined, [window])).toEqual(['morning-1', 'morning-2'])
    expect(visited(3, null)).toEqual([])
    // A booked last free slot takes the teacher out of that hour.
    index.put({ ...teacher('morning-1', 1, 1), freeStarts: new Float64Array(0) })
    expect(visited(1, [window])).toEqual([])
  })
})
