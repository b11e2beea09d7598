import { describe, expect, it } from 'vitest'
import type { BoardTeacher } from './board-repository.ts'
import { nextFreeStart, searchBoard } from './board-search.ts'

// The board's in-memory search (issue #4 item 3): the filters of spec §7 and the soonest free
// slot, with the order the search promises.

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
    teaching: [2],
    specializations: [{ specializationId: 6, languageId: 1, name: 'it' }],
    allowed: new Set(),
    slots: [],
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
const anyTime = { windows: [], required: false }
const ids = (matches: { teacher: BoardTeacher }[]) => matches.map((m) => m.teacher.id)

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
    expect(ids(searchBoard(all, levelRanks, { languageId: 1, levelId: 1 }, anyTime))).toEqual(['a'])
    expect(ids(searchBoard(all, levelRanks, { languageId: 1, levelId: 5 }, anyTime))).toEqual([])
    expect(ids(searchBoard(all, levelRanks, { levelId: 5 }, anyTime))).toEqual(['b'])
  })

  it('matches no one for an unknown level', () => {
    expect(searchBoard(all, levelRanks, { levelId: 99 }, anyTime)).toEqual([])
  })

  it('filters by the language taught in and by specialization (of the language, when given)', () => {
    expect(ids(searchBoard(all, levelRanks, { teachingLanguageId: 1 }, anyTime))).toEqual(['b'])
    expect(ids(searchBoard(all, levelRanks, { specializationId: 3 }, anyTime))).toEqual(['b'])
    expect(ids(searchBoard(all, levelRanks, { specializationId: 3, languageId: 1 }, anyTime))).toEqual([])
    expect(ids(searchBoard(all, levelRanks, { specializationName: 'it' }, anyTime))).toEqual(['a'])
  })

  it('requires a free slot in the windows only when day or time was given', () => {
    const free = teacher('c', { freeStarts: Float64Array.from([at('2026-03-11T08:00Z')]) })
    const slots = { windows: [window('2026-03-11T07:00Z', '2026-03-11T09:00Z')], required: true }
    expect(ids(searchBoard([b1English, free], levelRanks, {}, slots))).toEqual(['c'])
    expect(searchBoard([b1English, free], levelRanks, {}, { windows: [], required: true })).toEqual([])
    const optional = searchBoard([b1English, free], levelRanks, {}, { ...slots, required: false })
    expect(optional.map((m) => [m.teacher.id, m.nextFreeSlot])).toEqual([
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
    expect(ids(searchBoard(list, levelRanks, {}, { windows, required: false }))).toEqual([
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
