import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TeacherIndex } from './board-index.ts'
import type { BoardTeacher } from './board-repository.ts'
import { compareMatches, firstInOrder, nextFreeStart, searchBoard } from './board-search.ts'

// The board's in-memory search: the filters of product-rules.md "Teacher search" and the soonest
// free slot, with the order the search promises.

const at = (iso: string) => new Date(iso).getTime()
const window = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) })

let rank = 0
function teacher(id: string, values: Partial<BoardTeacher> = {}): BoardTeacher {
  return {
    id,
    firstName: 'Anna',
    lastName: 'Nowak',
    imageKey: null,
    notAcceptingNewStudents: false,
    averageRating: null,
    taught: [{ languageId: 1, levelId: 3, rank: 3 }],
    taughtLanguages: [],
    teaching: [2],
    specializations: [{ specializationId: 6, languageId: 1, name: 'it' }],
    allowed: new Set(),
    slots: { ids: Buffer.alloc(0), starts: new Float64Array(0), booked: new Uint8Array(0) },
    freeStarts: new Float64Array(0),
    nameRank: rank++,
    ...values,
  }
}

const levelRanks = new Map([
  [1, 1],
  [3, 3],
  [5, 5],
])
const anyTime = { windows: [], required: false, studentId: null }
const ids = (found: { matches: { teacher: BoardTeacher }[] }) => found.matches.map((m) => m.teacher.id)
const index = (teachers: BoardTeacher[]) => ({ teachers: new TeacherIndex(teachers), levelRanks })

describe('nextFreeStart', () => {
  const free = Float64Array.from([at('2026-03-11T08:00Z'), at('2026-03-11T09:00Z'), at('2026-03-12T08:00Z')])

  it('finds the first free start inside a window: start included, end excluded', () => {
    expect(nextFreeStart(free, [window('2026-03-11T09:00Z', '2026-03-11T12:00Z')])).toBe(
      at('2026-03-11T09:00Z'),
    )
    expect(nextFreeStart(free, [window('2026-03-11T08:15Z', '2026-03-11T09:00Z')])).toBeNull()
  })

  it('tries the windows in time order and returns the soonest', () => {
    const windows = [
      window('2026-03-10T00:00Z', '2026-03-10T23:00Z'),
      window('2026-03-12T00:00Z', '2026-03-13T00:00Z'),
    ]
    expect(nextFreeStart(free, windows)).toBe(at('2026-03-12T08:00Z'))
  })

  it('finds nothing without free starts or windows', () => {
    expect(nextFreeStart(new Float64Array(0), [window('2026-03-11T00:00Z', '2026-03-12T00:00Z')])).toBeNull()
    expect(nextFreeStart(free, [])).toBeNull()
  })
})

describe('searchBoard filters', () => {
  const b1English = teacher('a', { taught: [{ languageId: 1, levelId: 3, rank: 3 }] })
  const c1German = teacher('b', {
    taught: [{ languageId: 5, levelId: 5, rank: 5 }],
    teaching: [1],
    specializations: [{ specializationId: 3, languageId: 5, name: 'business' }],
  })
  const all = [b1English, c1German]

  it('keeps teachers teaching the language at the requested level or above', () => {
    expect(ids(searchBoard(index(all), { languageId: 1, levelId: 1 }, anyTime))).toEqual(['a'])
    expect(ids(searchBoard(index(all), { languageId: 1, levelId: 5 }, anyTime))).toEqual([])
    expect(ids(searchBoard(index(all), { levelId: 5 }, anyTime))).toEqual(['b'])
  })

  it('matches no one for an unknown level', () => {
    expect(searchBoard(index(all), { levelId: 99 }, anyTime)).toEqual({ total: 0, matches: [] })
  })

  it('filters by the language taught in and by specialization (of the language, when given)', () => {
    expect(ids(searchBoard(index(all), { teachingLanguageId: 1 }, anyTime))).toEqual(['b'])
    expect(ids(searchBoard(index(all), { specializationId: 3 }, anyTime))).toEqual(['b'])
    expect(ids(searchBoard(index(all), { specializationId: 3, languageId: 1 }, anyTime))).toEqual([])
    expect(ids(searchBoard(index(all), { specializationName: 'it' }, anyTime))).toEqual(['a'])
  })

  it('requires a free slot in the windows only when day or time was given', () => {
    const free = teacher('c', { freeStarts: Float64Array.from([at('2026-03-11T08:00Z')]) })
    const slots = {
      windows: [window('2026-03-11T07:00Z', '2026-03-11T09:00Z')],
      required: true,
      studentId: null,
    }
    expect(ids(searchBoard(index([b1English, free]), {}, slots))).toEqual(['c'])
    expect(searchBoard(index([b1English, free]), {}, { ...anyTime, required: true }).matches).toEqual([])
    const optional = searchBoard(index([b1English, free]), {}, { ...slots, required: false })
    expect(optional.matches.map((m) => [m.teacher.id, m.nextFreeSlot])).toEqual([
      ['c', at('2026-03-11T08:00Z')],
      ['a', null],
    ])
  })
})

describe('searchBoard order', () => {
  it('orders by rating (unrated last), then soonest free slot (none last), then name', () => {
    const windows = [window('2026-03-11T00:00Z', '2026-03-12T00:00Z')]
    const soon = Float64Array.from([at('2026-03-11T08:00Z')])
    const later = Float64Array.from([at('2026-03-11T10:00Z')])
    const list = [
      teacher('unrated-soon', { freeStarts: soon }),
      teacher('rated-4', { averageRating: 4, freeStarts: soon }),
      teacher('rated-5-later', { averageRating: 5, freeStarts: later }),
      teacher('rated-5-soon', { averageRating: 5, freeStarts: soon }),
      teacher('unrated-none-z', { nameRank: 1000 }),
      teacher('unrated-none-a', { nameRank: -1 }),
      teacher('unrated-later', { freeStarts: later }),
    ]
    expect(ids(searchBoard(index(list), {}, { windows, required: false, studentId: null }))).toEqual([
      'rated-5-soon',
      'rated-5-later',
      'rated-4',
      'unrated-soon',
      'unrated-later',
      'unrated-none-a',
      'unrated-none-z',
    ])
  })
})

// A teacher who takes no new students must not look bookable to a student they refuse.
describe('a teacher who does not accept new students, for a student', () => {
  const closed = teacher('closed', {
    averageRating: 5,
    notAcceptingNewStudents: true,
    allowed: new Set(['allowed-student']),
    freeStarts: Float64Array.from([at('2026-03-11T08:00Z')]),
  })
  const open = teacher('open', { freeStarts: Float64Array.from([at('2026-03-11T09:00Z')]) })
  const windows = [window('2026-03-11T00:00Z', '2026-03-12T00:00Z')]

  it('has no free slot for a student not on the list, comes after bookable teachers, and is left out when a slot is required', () => {
    const found = searchBoard(
      index([closed, open]),
      {},
      { windows, required: false, studentId: 'new-student' },
    )
    expect(found.matches.map((m) => [m.teacher.id, m.nextFreeSlot, m.refused])).toEqual([
      ['open', at('2026-03-11T09:00Z'), false],
      ['closed', null, true],
    ])
    expect(
      ids(searchBoard(index([closed, open]), {}, { windows, required: true, studentId: 'new-student' })),
    ).toEqual(['open'])
  })

  it('is bookable as any other for an allowed student and for a teacher looking', () => {
    for (const studentId of ['allowed-student', null]) {
      const found = searchBoard(index([closed, open]), {}, { windows, required: false, studentId })
      expect(found.matches.map((m) => [m.teacher.id, m.refused])).toEqual([
        ['closed', false],
        ['open', false],
      ])
    }
  })
})

describe('a page of the search', () => {
  it('is the same slice of the full order, however the matches come', () => {
    const arbitraryMatch = fc.record({
      rating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      refused: fc.boolean(),
      next: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
      name: fc.integer({ min: 0, max: 50 }),
    })
    fc.assert(
      fc.property(
        fc.array(arbitraryMatch, { maxLength: 120 }),
        fc.integer({ min: 1, max: 30 }),
        (rows, count) => {
          const matches = rows.map((row, i) => ({
            teacher: teacher(`t${i}`, { averageRating: row.rating, nameRank: row.name * 1000 + i }),
            nextFreeSlot: row.next,
            refused: row.refused,
          }))
          const expected = [...matches].sort(compareMatches).slice(0, count)
          expect(firstInOrder([...matches], count)).toEqual(expected)
        },
      ),
    )
  })

  it('counts every match and returns the page asked for', () => {
    // In name order p0, p1, … p29 (the index ranks names itself).
    const list = Array.from({ length: 30 }, (_, i) => teacher(`p${i}`, { lastName: `Nowak ${100 + i}` }))
    const found = searchBoard(index(list), { languageId: 1 }, anyTime, { offset: 10, limit: 5 })
    expect(found.total).toBe(30)
    expect(found.matches.map((m) => m.teacher.id)).toEqual(['p10', 'p11', 'p12', 'p13', 'p14'])
  })
})
