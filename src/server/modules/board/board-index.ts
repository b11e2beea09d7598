import type { InstantRange } from '../teachers/free-slot-windows.ts'
import type { BoardTeacher } from './board-repository.ts'

// The board's teachers, indexed for search (issue #27 item 3): by taught language, by level rank
// and by the hours in which they have a free slot, so a search touches only the teachers who can
// match — at 20,000 teachers a language holds a few thousand, an afternoon's hours a few hundred.
// Kept up to date one teacher at a time (`put`, `delete`): a booking or a schedule change costs
// the teacher's own entries, never a rebuild. The search order's name rank (Polish collation) is
// kept the same way, by inserting into a sorted list.
//
// Laid out for the processor's cache: at 20,000 teachers, following each candidate's object to
// its languages and slots cost a cache miss per step (0.5 ms a search). So each teacher has a
// number (`Slot`), the values a search compares live in typed arrays by that number, and each
// hour's bucket holds numbers, levels and the teacher's first free start in that hour side by
// side: a search reads contiguous memory and touches a teacher's object only for the page.

const HOUR_MS = 3_600_000
/** The rank of a teacher who teaches nothing (level ranks are smallints): below every level. */
const NO_RANK = -32_768
/** Above this many hour buckets a search scans its language instead (a window of many days). */
const MAX_HOURS = 24 * 15

const names = new Intl.Collator('pl', { sensitivity: 'variant' })
const byName = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : names.compare(a, b)

/** Last name, first name (Polish collation; none last), then id: the board's `nameRank` order. */
export function compareNames(a: BoardTeacher, b: BoardTeacher): number {
  return (
    byName(a.lastName, b.lastName) ||
    byName(a.firstName, b.firstName) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  )
}

/** A teacher's number in the index: where its values are in the typed arrays. */
type Slot = number

/** Teachers (by slot) with a level rank and a time each, as parallel arrays; order not kept. */
class Column {
  slots = new Int32Array(4)
  ranks = new Int16Array(4)
  /** The teacher's first free start in the bucket's hour (epoch ms); unused for a language's list. */
  starts = new Float64Array(4)
  length = 0

  push(slot: Slot, rank: number, start: number): void {
    if (this.length === this.slots.length) {
      const grown = this.length * 2
      this.slots = grow(this.slots, new Int32Array(grown))
      this.ranks = grow(this.ranks, new Int16Array(grown))
      this.starts = grow(this.starts, new Float64Array(grown))
    }
    this.slots[this.length] = slot
    this.ranks[this.length] = rank
    this.starts[this.length] = start
    this.length++
  }

  /** Removes the slot by moving the last entry into its place. */
  remove(slot: Slot): void {
    const at = this.slots.subarray(0, this.length).indexOf(slot)
    if (at < 0) return
    const last = --this.length
    this.slots[at] = this.slots[last] ?? 0
    this.ranks[at] = this.ranks[last] ?? 0
    this.starts[at] = this.starts[last] ?? 0
  }
}

/** The map's value for `key`, made and stored first when there is none. */
function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key)
  if (value === undefined) {
    value = make()
    map.set(key, value)
  }
  return value
}

function grow<T extends Int16Array | Int32Array | Uint8Array | Float64Array | Uint32Array>(
  from: T,
  to: T,
): T {
  to.set(from)
  return to
}

/** One language's teachers (or everyone's, for a search without a language). */
class Buckets {
  /** Every teacher of the language, with the highest rank taught in it. */
  readonly all = new Column()
  /** Epoch hour → the teachers with a free slot starting in it, with the first such start. */
  readonly byHour = new Map<number, Column>()

  add(slot: Slot, rank: number, firstByHour: Map<number, number>): void {
    this.all.push(slot, rank, 0)
    for (const [hour, first] of firstByHour)
      entryOf(this.byHour, hour, () => new Column()).push(slot, rank, first)
  }

  remove(slot: Slot, firstByHour: Map<number, number>): void {
    this.all.remove(slot)
    for (const hour of firstByHour.keys()) {
      const column = this.byHour.get(hour)
      column?.remove(slot)
      if (column?.length === 0) this.byHour.delete(hour)
    }
  }
}

/**
 * Called once per candidate with its slot and, when the index knows it, its first free start in
 * the windows (NaN: not known here, compute it from the teacher's free starts).
 */
export type Visitor = (slot: Slot, nextFree: number) => void

/** Language id → the highest level rank the teacher teaches it at. */
function ranksOf(teacher: BoardTeacher): Map<number, number> {
  const ranks = new Map<number, number>()
  for (const { languageId, rank } of teacher.taught)
    ranks.set(languageId, Math.max(rank, ranks.get(languageId) ?? rank))
  return ranks
}

/** The board's teachers with their search indexes; `nameRank` of each is kept in name order. */
export class TeacherIndex {
  private readonly byId = new Map<string, Slot>()
  /** By slot (nothing else per teacher is kept: its buckets are found again from it on removal). */
  private teachers: (BoardTeacher | undefined)[] = []
  private readonly freeSlots: Slot[] = []
  /** By slot: what a search compares for every candidate. */
  private ratings = new Float64Array(16)
  private nameRanks = new Float64Array(16)
  private refusing = new Uint8Array(16)
  /** By slot: the search that last visited it (a union of buckets without a set). */
  private visited = new Uint32Array(16)
  private visits = 0
  private readonly everyone = new Buckets()
  private readonly languages = new Map<number, Buckets>()
  /** Every teacher in name order (compareNames); `nameRank` grows along it. */
  private readonly inNameOrder: BoardTeacher[] = []

  constructor(teachers: readonly BoardTeacher[] = []) {
    // One sort for a full load, rather than an insertion per teacher.
    this.inNameOrder.push(...[...teachers].sort(compareNames))
    this.renumber()
    for (const teacher of teachers) this.indexed(teacher)
  }

  get size(): number {
    return this.byId.size
  }

  get(id: string): BoardTeacher | undefined {
    const slot = this.byId.get(id)
    return slot === undefined ? undefined : this.teachers[slot]
  }

  teacherAt(slot: Slot): BoardTeacher {
    return this.teachers[slot] as BoardTeacher
  }

  /** Average rating, NaN when unrated. */
  ratingAt(slot: Slot): number {
    return this.ratings[slot] ?? Number.NaN
  }

  nameRankAt(slot: Slot): number {
    return this.nameRanks[slot] ?? 0
  }

  /** The teacher does not accept new students (spec §4); whether the student is allowed is theirs. */
  refusesNewAt(slot: Slot): boolean {
    return this.refusing[slot] === 1
  }

  /**
   * Visits, once each, the fewest teachers that hold every match of a search (spec §7 filters):
   * of the language (everyone without one), taught at rank ≥ minRank, and — when windows are
   * given — with a free slot starting in them. With windows, buckets are read in time order, so a
   * teacher's first visit carries its soonest free start there when its hour lies wholly inside a
   * window.
   */
  visit(
    languageId: number | undefined,
    minRank: number | null,
    windows: readonly InstantRange[] | null,
    visitor: Visitor,
  ): void {
    const buckets = languageId === undefined ? this.everyone : this.languages.get(languageId)
    if (!buckets) return
    const least = minRank ?? NO_RANK
    const mark = this.nextVisit()
    const hours = windows ? hoursOf(windows) : null
    if (hours) {
      for (const { hour, whole } of hours) {
        const column = buckets.byHour.get(hour)
        if (column) this.visitColumn(column, least, mark, whole, visitor)
      }
    } else {
      this.visitColumn(buckets.all, least, mark, false, visitor)
    }
  }

  private visitColumn(column: Column, least: number, mark: number, exact: boolean, visitor: Visitor): void {
    const { slots, ranks, starts, length } = column
    const visited = this.visited
    for (let i = 0; i < length; i++) {
      if ((ranks[i] as number) < least) continue
      const slot = slots[i] as number
      if (visited[slot] === mark) continue
      visited[slot] = mark
      visitor(slot, exact ? (starts[i] as number) : Number.NaN)
    }
  }

  private nextVisit(): number {
    this.visits = (this.visits + 1) >>> 0
    if (this.visits === 0) {
      this.visited.fill(0)
      this.visits = 1
    }
    return this.visits
  }

  /** Adds the teacher, or replaces the one with the same id (a fresh load of it). */
  put(teacher: BoardTeacher): void {
    const previous = this.get(teacher.id)
    if (previous) {
      this.unindexed(previous.id)
      if (compareNames(previous, teacher) === 0) {
        teacher.nameRank = previous.nameRank
        this.inNameOrder[this.position(previous)] = teacher
      } else {
        this.inNameOrder.splice(this.position(previous), 1)
        this.insertByName(teacher)
      }
    } else {
      this.insertByName(teacher)
    }
    this.indexed(teacher)
  }

  delete(id: string): void {
    const previous = this.get(id)
    if (!previous) return
    this.unindexed(id)
    this.inNameOrder.splice(this.position(previous), 1)
  }

  private indexed(teacher: BoardTeacher): void {
    const ranks = ranksOf(teacher)
    const firstByHour = firstFreeByHour(teacher)
    const slot = this.freeSlots.pop() ?? this.teachers.length
    this.teachers[slot] = teacher
    this.byId.set(teacher.id, slot)
    this.ensureCapacity(slot + 1)
    this.ratings[slot] = teacher.averageRating ?? Number.NaN
    this.nameRanks[slot] = teacher.nameRank
    this.refusing[slot] = teacher.notAcceptingNewStudents ? 1 : 0
    this.visited[slot] = 0
    this.everyone.add(slot, Math.max(NO_RANK, ...ranks.values()), firstByHour)
    for (const [languageId, rank] of ranks)
      entryOf(this.languages, languageId, () => new Buckets()).add(slot, rank, firstByHour)
  }

  private unindexed(id: string): void {
    const slot = this.byId.get(id)
    const teacher = slot === undefined ? undefined : this.teachers[slot]
    if (slot === undefined || !teacher) return
    // The teacher object is the one indexed (a reload brings a new one): same hours, same ranks.
    const firstByHour = firstFreeByHour(teacher)
    this.byId.delete(id)
    this.everyone.remove(slot, firstByHour)
    for (const languageId of ranksOf(teacher).keys()) {
      const buckets = this.languages.get(languageId)
      buckets?.remove(slot, firstByHour)
      if (buckets?.all.length === 0) this.languages.delete(languageId)
    }
    this.teachers[slot] = undefined
    this.freeSlots.push(slot)
  }

  private ensureCapacity(size: number): void {
    if (size <= this.ratings.length) return
    const capacity = Math.max(size, this.ratings.length * 2)
    this.ratings = grow(this.ratings, new Float64Array(capacity))
    this.nameRanks = grow(this.nameRanks, new Float64Array(capacity))
    this.refusing = grow(this.refusing, new Uint8Array(capacity))
    this.visited = grow(this.visited, new Uint32Array(capacity))
  }

  /** Index of the first teacher in name order not before `teacher`. */
  private position(teacher: BoardTeacher): number {
    let low = 0
    let high = this.inNameOrder.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (compareNames(this.inNameOrder[middle] as BoardTeacher, teacher) < 0) low = middle + 1
      else high = middle
    }
    return low
  }

  /** Inserts in name order with a rank between its neighbours' (all renumbered when none is left). */
  private insertByName(teacher: BoardTeacher): void {
    const at = this.position(teacher)
    this.inNameOrder.splice(at, 0, teacher)
    const before = this.inNameOrder[at - 1]?.nameRank
    const after = this.inNameOrder[at + 1]?.nameRank
    const rank =
      before === undefined
        ? after === undefined
          ? 0
          : after - 1
        : after === undefined
          ? before + 1
          : before + (after - before) / 2
    if ((before !== undefined && rank <= before) || (after !== undefined && rank >= after)) this.renumber()
    else teacher.nameRank = rank
  }

  private renumber(): void {
    this.inNameOrder.forEach((teacher, index) => {
      teacher.nameRank = index
      const slot = this.byId.get(teacher.id)
      if (slot !== undefined) this.nameRanks[slot] = index
    })
  }
}

/** The teacher's first free start in each hour (epoch hour → epoch ms) in which it has one. */
function firstFreeByHour(teacher: BoardTeacher): Map<number, number> {
  const firsts = new Map<number, number>()
  // freeStarts ascend: the first seen in an hour is its first.
  for (const start of teacher.freeStarts) {
    const hour = Math.floor(start / HOUR_MS)
    if (!firsts.has(hour)) firsts.set(hour, start)
  }
  return firsts
}

/**
 * The epoch hours a free start in the windows may lie in, in time order, each with whether the
 * whole hour lies inside its window (then the bucket's first start there is the teacher's soonest
 * in it); null when too many to be worth it.
 */
function hoursOf(windows: readonly InstantRange[]): { hour: number; whole: boolean }[] | null {
  const hours: { hour: number; whole: boolean }[] = []
  for (const { start, end } of windows) {
    const from = start.getTime()
    const to = end.getTime()
    const last = Math.floor((to - 1) / HOUR_MS)
    for (let hour = Math.floor(from / HOUR_MS); hour <= last; hour++) {
      if (hours.at(-1)?.hour === hour) continue
      hours.push({ hour, whole: hour * HOUR_MS >= from && (hour + 1) * HOUR_MS <= to })
      if (hours.length > MAX_HOURS) return null
    }
  }
  return hours
}
