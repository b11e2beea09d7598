import {
  type Column,
  type EntryOrder,
  grow,
  MinHeap,
  type OrderedColumn,
  type Slot,
  valueAt,
} from './board-columns.ts'
import { type BoardTeacher, lowerBound } from './board-repository.ts'

// The numbers a search compares for every candidate of the board's index (board-index.ts), kept by
// teacher number (`Slot`) in typed arrays: at 20,000 teachers, following each candidate's object to
// its rating and slots cost a cache miss per step, so a search reads contiguous memory instead and
// touches a teacher's object only for the page. Also the search order built on them.

/**
 * Called once per candidate with its slot and, when the index knows it, its first free start in
 * the windows (NaN: not known here, compute it from the teacher's free starts).
 */
export type Visitor = (slot: Slot, nextFree: number) => void

export class SlotValues {
  /** By slot: what a search compares for every candidate. */
  ratings = new Float64Array(16)
  nameRanks = new Float64Array(16)
  refusing = new Uint8Array(16)
  /**
   * By slot: the teacher's first free start at or after `nextFreeFrom` (Infinity: none), kept
   * as searches ask (`firstFreeFrom`), so a search without day and time reads a number, not the
   * teacher's slots (at 20,000 teachers that was a cache miss or three per teacher, 1.7 ms a search).
   */
  nextFree = new Float64Array(16)
  nextFreeFrom = new Float64Array(16)
  /** By slot: the search that last visited it (a union of buckets without a set). */
  visited = new Uint32Array(16)
  private visits = 0
  /** The teacher at a slot, for its free starts. */
  private readonly teacherAt: (slot: Slot) => BoardTeacher

  constructor(teacherAt: (slot: Slot) => BoardTeacher) {
    this.teacherAt = teacherAt
  }

  /** Sets a newly indexed teacher's numbers. */
  set(slot: Slot, teacher: BoardTeacher): void {
    this.ensureCapacity(slot + 1)
    this.ratings[slot] = teacher.averageRating ?? Number.NaN
    this.nameRanks[slot] = teacher.nameRank
    this.refusing[slot] = teacher.notAcceptingNewStudents ? 1 : 0
    // The first free start of all: the first at or after any time before it.
    this.nextFree[slot] = teacher.freeStarts[0] ?? Number.POSITIVE_INFINITY
    this.nextFreeFrom[slot] = Number.NEGATIVE_INFINITY
    this.visited[slot] = 0
  }

  /**
   * The search order of two teachers' entries in one hour (board-search.ts compareMatches, for
   * teachers who take the student): rating (unrated last), the first free start, name.
   */
  readonly order: EntryOrder = (a, aStart, b, bStart) =>
    this.byRating(a, b) || aStart - bStart || valueAt(this.nameRanks, a) - valueAt(this.nameRanks, b)

  /** Higher rating first, unrated last. */
  byRating(a: Slot, b: Slot): number {
    const ratingA = valueAt(this.ratings, a)
    const ratingB = valueAt(this.ratings, b)
    // Unrated is NaN, which equals nothing: two unrated teachers are equal here.
    if (ratingA === ratingB) return 0
    const unratedA = Number.isNaN(ratingA)
    if (unratedA !== Number.isNaN(ratingB)) return unratedA ? 1 : -1
    return unratedA ? 0 : ratingB - ratingA
  }

  readonly nextFrom = (slot: Slot, from: number): number => this.firstFreeFrom(slot, from)

  /** The teacher's first free start at or after `from`; Infinity when none. */
  firstFreeFrom(slot: Slot, from: number): number {
    const known = valueAt(this.nextFree, slot)
    // Known for an earlier time, and not passed: no free start between that time and it.
    if (valueAt(this.nextFreeFrom, slot) <= from && from <= known) return known
    const starts = this.teacherAt(slot).freeStarts
    const next = starts[lowerBound(starts, from)] ?? Number.POSITIVE_INFINITY
    this.nextFree[slot] = next
    this.nextFreeFrom[slot] = from
    return next
  }

  /** board-search.ts compareMatches(a, b) < 0, from the numbers by slot (next: Infinity for none). */
  before(a: Slot, aNext: number, aRefused: boolean, b: Slot, bNext: number, bRefused: boolean): boolean {
    if (aRefused !== bRefused) return bRefused
    const byRating = this.byRating(a, b)
    if (byRating !== 0) return byRating < 0
    if (aNext !== bNext) return aNext < bNext
    return valueAt(this.nameRanks, a) < valueAt(this.nameRanks, b)
  }

  /** A new mark for `visited`: a union of buckets without a set. */
  nextVisit(): number {
    this.visits = (this.visits + 1) >>> 0
    if (this.visits === 0) {
      this.visited.fill(0)
      this.visits = 1
    }
    return this.visits
  }

  ensureCapacity(size: number): void {
    if (size <= this.ratings.length) return
    const capacity = Math.max(size, this.ratings.length * 2)
    this.ratings = grow(this.ratings, new Float64Array(capacity))
    this.nameRanks = grow(this.nameRanks, new Float64Array(capacity))
    this.refusing = grow(this.refusing, new Uint8Array(capacity))
    this.visited = grow(this.visited, new Uint32Array(capacity))
    this.nextFree = grow(this.nextFree, new Float64Array(capacity))
    this.nextFreeFrom = grow(this.nextFreeFrom, new Float64Array(capacity))
  }

  /** The teachers in the columns at rank ≥ least who do not refuse the student, each counted once. */
  countIn(columns: readonly Column[], least: number, refuses: (slot: Slot) => boolean): number {
    const mark = this.nextVisit()
    const { visited, refusing } = this
    let total = 0
    for (const { slots, ranks, length } of columns) {
      for (let i = 0; i < length; i++) {
        if (valueAt(ranks, i) < least) continue
        const slot = valueAt(slots, i)
        if (visited[slot] === mark) continue
        visited[slot] = mark
        if (refusing[slot] === 0 || !refuses(slot)) total++
      }
    }
    return total
  }

  /**
   * The first `count` teachers of the ordered columns in search order: a merge of the columns by
   * their next entry (a heap of columns). A teacher's first entry out of the merge is its best
   * (its soonest hour's), so later ones are skipped.
   */
  mergeFirst(
    columns: readonly OrderedColumn[],
    least: number,
    count: number,
    refuses: (slot: Slot) => boolean,
  ): { slot: Slot; start: number }[] {
    const mark = this.nextVisit()
    const { visited, refusing } = this
    const next = new Int32Array(columns.length)
    const columnAt = (c: number): OrderedColumn => {
      const column = columns[c]
      if (!column) throw new Error(`no column ${c}`)
      return column
    }
    // The next entry of column c at rank ≥ least not yet taken; its position, or -1 when none.
    const advance = (c: number, from: number): number => {
      const { slots, ranks, length } = columnAt(c)
      for (let i = from; i < length; i++) {
        if (valueAt(ranks, i) >= least && visited[valueAt(slots, i)] !== mark) return i
      }
      return -1
    }
    const before = (c: number, d: number): boolean => {
      const a = columnAt(c)
      const b = columnAt(d)
      const i = valueAt(next, c)
      const j = valueAt(next, d)
      return (
        this.order(valueAt(a.slots, i), valueAt(a.starts, i), valueAt(b.slots, j), valueAt(b.starts, j)) < 0
      )
    }
    const heap = new MinHeap(before)
    columns.forEach((_, c) => {
      const at = advance(c, 0)
      if (at < 0) return
      next[c] = at
      heap.push(c)
    })
    const first: { slot: Slot; start: number }[] = []
    while (first.length < count && heap.size > 0) {
      const c = heap.peek()
      const column = columnAt(c)
      const i = valueAt(next, c)
      const slot = valueAt(column.slots, i)
      if (visited[slot] !== mark) {
        visited[slot] = mark
        if (refusing[slot] === 0 || !refuses(slot)) first.push({ slot, start: valueAt(column.starts, i) })
      }
      const at = advance(c, i + 1)
      if (at < 0) heap.pop()
      else {
        next[c] = at
        heap.siftDownTop()
      }
    }
    return first
  }

  visitColumn(column: Column, least: number, mark: number, exact: boolean, visitor: Visitor): void {
    const { slots, ranks, starts, length } = column
    const visited = this.visited
    for (let i = 0; i < length; i++) {
      if (valueAt(ranks, i) < least) continue
      const slot = valueAt(slots, i)
      if (visited[slot] === mark) continue
      visited[slot] = mark
      visitor(slot, exact ? valueAt(starts, i) : Number.NaN)
    }
  }
}
