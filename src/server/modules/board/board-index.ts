import type { InstantRange } from '../teachers/free-slot-windows.ts'
import { Column, type EntryOrder, grow, MinHeap, OrderedColumn, type Slot } from './board-columns.ts'
import { firstFreeByHour, hoursOf } from './board-hours.ts'
import { type BoardTeacher, lowerBound } from './board-repository.ts'

// The board's teachers, indexed for search: by taught language, by level rank
// and by the hours in which they have a free slot, so a search touches only the teachers who can
// match — at 20,000 teachers a language holds a few thousand, an afternoon's hours a few hundred.
// Kept up to date one teacher at a time (`put`, `delete`): a booking or a schedule change costs
// the teacher's own entries, never a rebuild. The search order's name rank (Polish collation) is
// kept the same way, by inserting into a sorted list.
//
// Each hour's bucket is kept in search order (rating, the first free start in the hour, name), so
// the first page of a search for a day and an hour range merges the hours' buckets and stops after
// a page's worth of teachers (`firstInHours`); only its total still counts the hours' entries. A
// language's list is kept in search order by each teacher's next free start, for the first page
// of a search without day and time (`firstByNext`), and counts by level give its total.
//
// Laid out for the processor's cache: at 20,000 teachers, following each candidate's object to
// its languages and slots cost a cache miss per step (0.5 ms a search). So each teacher has a
// number (`Slot`), the values a search compares live in typed arrays by that number, and each
// hour's bucket holds numbers, levels and the teacher's first free start in that hour side by
// side: a search reads contiguous memory and touches a teacher's object only for the page.

/** The rank of a teacher who teaches nothing (level ranks are smallints): below every level. */
const NO_RANK = -32_768
/** Entries of a language's list whose start had passed, met by one search, before it is sorted again. */
const STALE_MAX = 32
/** Entries a search from a language's list may hold back before it reads the whole language instead. */
const HELD_MAX = 256

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

/** The map's value for `key`, made and stored first when there is none. */
function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key)
  if (value === undefined) {
    value = make()
    map.set(key, value)
  }
  return value
}

/** One language's teachers (or everyone's, for a search without a language). */
class Buckets {
  /**
   * Every teacher of the language with the highest rank taught in it, in search order by the
   * teacher's first free start at or after `since` (Infinity: none), for a search without day and
   * time (`TeacherIndex.firstByNext`).
   */
  readonly all = new OrderedColumn()
  /** The time `all`'s entries count from; NaN until a search first sorts it. */
  since = Number.NaN
  /** Set when a search met too many entries whose start had passed: sort again before the next. */
  stale = false
  /** Level rank → how many teachers of the language have it. */
  readonly ranks = new Map<number, number>()
  /** Epoch hour → the teachers with a free slot starting in it, with the first such start. */
  readonly byHour = new Map<number, OrderedColumn>()

  /**
   * `order` null: appended in any order (a full load, sorted when first read). `nextFrom` gives
   * the teacher's first free start at or after a time.
   */
  add(
    slot: Slot,
    rank: number,
    firstByHour: Map<number, number>,
    order: EntryOrder | null,
    nextFrom: (slot: Slot, from: number) => number,
  ): void {
    if (order && this.all.inOrder && !Number.isNaN(this.since))
      this.all.insert(slot, rank, nextFrom(slot, this.since), order)
    else this.all.append(slot, rank, Number.NaN)
    this.ranks.set(rank, (this.ranks.get(rank) ?? 0) + 1)
    for (const [hour, first] of firstByHour) {
      const column = entryOf(this.byHour, hour, () => new OrderedColumn())
      if (order) column.insert(slot, rank, first, order)
      else column.append(slot, rank, first)
    }
  }

  remove(slot: Slot, rank: number, firstByHour: Map<number, number>): void {
    this.all.remove(slot)
    const count = (this.ranks.get(rank) ?? 0) - 1
    if (count > 0) this.ranks.set(rank, count)
    else this.ranks.delete(rank)
    for (const hour of firstByHour.keys()) {
      const column = this.byHour.get(hour)
      column?.remove(slot)
      if (column?.length === 0) this.byHour.delete(hour)
    }
  }

  /** How many teachers of the language have a rank ≥ least. */
  countFrom(least: number): number {
    let count = 0
    for (const [rank, teachers] of this.ranks) if (rank >= least) count += teachers
    return count
  }
}

/**
 * Called once per candidate with its slot and, when the index knows it, its first free start in
 * the windows (NaN: not known here, compute it from the teacher's free starts).
 */
export type Visitor = (slot: Slot, nextFree: number) => void

/** A teacher found, with its soonest free start in the windows (Infinity: none). */
type Match = { slot: Slot; next: number }

/** A teacher of a search's page: its soonest free start (null: none), whether it refuses the student. */
export type PageEntry = { slot: Slot; next: number | null; refused: boolean }

const pageEntry = (slot: Slot, next: number, refused: boolean): PageEntry => ({
  slot,
  next: next === Number.POSITIVE_INFINITY ? null : next,
  refused,
})

/** The highest of the teacher's ranks in its languages: its rank among everyone. */
const highestRank = (ranks: Map<number, number>): number => Math.max(NO_RANK, ...ranks.values())

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
  /**
   * By slot: the teacher's first free start at or after `nextFreeFrom` (Infinity: none), kept
   * as searches ask (`firstFreeFrom`), so a search without day and time reads a number, not the
   * teacher's slots (at 20,000 teachers that was a cache miss or three per teacher, 1.7 ms a search).
   */
  private nextFree = new Float64Array(16)
  private nextFreeFrom = new Float64Array(16)
  /** By slot: the search that last visited it (a union of buckets without a set). */
  private visited = new Uint32Array(16)
  private visits = 0
  private readonly everyone = new Buckets()
  private readonly languages = new Map<number, Buckets>()
  /** Every teacher in name order (compareNames); `nameRank` grows along it. */
  private readonly inNameOrder: BoardTeacher[] = []

  constructor(teachers: readonly BoardTeacher[] = []) {
    // One sort for a full load, rather than an insertion per teacher (the hours' at first use).
    this.inNameOrder.push(...[...teachers].sort(compareNames))
    this.renumber()
    for (const teacher of teachers) this.indexed(teacher, null)
  }

  /**
   * The search order of two teachers' entries in one hour (board-search.ts compareMatches, for
   * teachers who take the student): rating (unrated last), the first free start, name.
   */
  private readonly order: EntryOrder = (a, aStart, b, bStart) =>
    this.byRating(a, b) || aStart - bStart || (this.nameRanks[a] as number) - (this.nameRanks[b] as number)

  /** Higher rating first, unrated last. */
  private byRating(a: Slot, b: Slot): number {
    const ratingA = this.ratings[a] as number
    const ratingB = this.ratings[b] as number
    // Unrated is NaN, which equals nothing: two unrated teachers are equal here.
    if (ratingA === ratingB) return 0
    const unratedA = Number.isNaN(ratingA)
    if (unratedA !== Number.isNaN(ratingB)) return unratedA ? 1 : -1
    return unratedA ? 0 : ratingB - ratingA
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

  /**
   * The teacher does not accept new students (product-rules.md "Allowed students"); whether the
   * student is allowed is theirs.
   */
  refusesNewAt(slot: Slot): boolean {
    return this.refusing[slot] === 1
  }

  /**
   * Visits, once each, the fewest teachers that hold every match of a search (product-rules.md
   * "Teacher search"): of the language (everyone without one), taught at rank ≥ minRank, and — when
   * windows are given — with a free slot starting in them. With windows, buckets are read in time
   * order, so a teacher's first visit carries its soonest free start there when its hour lies
   * wholly inside a window.
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

  /**
   * A search's first `count` matches and how many there are, when it needs a free slot in windows
   * of whole hours (a day and an hour range: what the search screen sends) — or null, and the
   * caller visits every candidate. Matches are the teachers of the language (everyone without
   * one) taught at rank ≥ minRank with a free start in the windows, less those who refuse the
   * student (`refuses`, asked only of teachers who refuse new students), in search order with their
   * soonest free start there. The first page merges the hours' columns, each in search order,
   * and stops at `count`; the total counts each hour's entries once (no object read).
   */
  firstInHours(
    languageId: number | undefined,
    minRank: number | null,
    windows: readonly InstantRange[],
    count: number,
    refuses: (slot: Slot) => boolean,
  ): { total: number; first: { slot: Slot; start: number }[] } | null {
    const hours = hoursOf(windows)
    if (!hours?.every((hour) => hour.whole)) return null
    const buckets = languageId === undefined ? this.everyone : this.languages.get(languageId)
    const columns: OrderedColumn[] = []
    for (const { hour } of hours) {
      const column = buckets?.byHour.get(hour)
      if (column) columns.push(column.ordered(this.order))
    }
    const least = minRank ?? NO_RANK
    return {
      total: this.countIn(columns, least, refuses),
      first: this.mergeFirst(columns, least, count, refuses),
    }
  }

  /**
   * A search's first `count` matches and how many there are, when it needs no free slot and
   * looks for one in a single window (no day and no time: the search screen's first search). The
   * matches are every teacher of the language (everyone without one) taught at rank ≥ minRank, in
   * search order, with the soonest free start in the window (null: none, or the teacher refuses
   * the student). One pass over the language's numbers, keeping the page's first `count`: what
   * `firstByNext` falls back to.
   */
  firstInLanguage(
    languageId: number | undefined,
    minRank: number | null,
    window: InstantRange,
    count: number,
    refuses: (slot: Slot) => boolean,
  ): { total: number; first: PageEntry[] } {
    const buckets = languageId === undefined ? this.everyone : this.languages.get(languageId)
    const least = minRank ?? NO_RANK
    const from = window.start.getTime()
    const to = window.end.getTime()
    const first: (Match & { refused: boolean })[] = []
    let total = 0
    const { slots, ranks, length } = buckets?.all ?? new Column()
    for (let i = 0; i < length; i++) {
      if ((ranks[i] as number) < least) continue
      total++
      const slot = slots[i] as number
      const refused = this.refusing[slot] === 1 && refuses(slot)
      const free = refused ? Number.POSITIVE_INFINITY : this.firstFreeFrom(slot, from)
      const next = free < to ? free : Number.POSITIVE_INFINITY
      const last = first[count - 1]
      if (last && !this.before(slot, next, refused, last.slot, last.next, last.refused)) continue
      let at = first.length
      for (; at > 0; at--) {
        const previous = first[at - 1] as Match & { refused: boolean }
        if (!this.before(slot, next, refused, previous.slot, previous.next, previous.refused)) break
      }
      first.splice(at, 0, { slot, next, refused })
      if (first.length > count) first.pop()
    }
    return { total, first: first.map(({ slot, next, refused }) => pageEntry(slot, next, refused)) }
  }

  /**
   * A search's first `count` matches and how many there are, as `firstInLanguage` gives them, from
   * the language's list in search order by each teacher's first free start (`Buckets.all`):
   * reads a page's worth of entries, not the language. An entry whose start has passed since the
   * list was sorted, or lies past the window's end, is held back with its true start until its
   * turn (a few, between the quarter hours at which slots start); past STALE_MAX of them the list
   * is sorted again before the next search. Null — `firstInLanguage` answers — when the page
   * reaches teachers who refuse the student (they come last), when more than HELD_MAX entries are
   * held back, or when asked for a time before the list's (a request that read the clock before
   * another sorted it).
   */
  firstByNext(
    languageId: number | undefined,
    minRank: number | null,
    window: InstantRange,
    count: number,
    refuses: (slot: Slot) => boolean,
  ): { total: number; first: PageEntry[] } | null {
    const buckets = languageId === undefined ? this.everyone : this.languages.get(languageId)
    if (!buckets) return { total: 0, first: [] }
    const from = window.start.getTime()
    const to = window.end.getTime()
    if (buckets.stale || !buckets.all.inOrder || Number.isNaN(buckets.since)) {
      buckets.all.ordered(this.order, (slot) => this.firstFreeFrom(slot, from))
      buckets.since = from
      buckets.stale = false
    }
    if (from < buckets.since) return null
    const least = minRank ?? NO_RANK
    const { slots, ranks, starts, length } = buckets.all
    /** Entries passed over with their true start (Infinity: none in the window), in search order. */
    const held: Match[] = []
    const hold = (slot: Slot, next: number) => {
      let at = held.length
      for (; at > 0; at--) {
        const previous = held[at - 1] as Match
        if (!this.before(slot, next, false, previous.slot, previous.next, false)) break
      }
      held.splice(at, 0, { slot, next })
    }
    const first: Match[] = []
    let passed = 0
    let refusedSeen = false
    let i = 0
    while (first.length < count) {
      // The list's next entry whose start holds, holding back those whose start does not.
      let next = Number.NaN
      for (; i < length; i++) {
        const slot = slots[i] as number
        if ((ranks[i] as number) < least) continue
        if (this.refusing[slot] === 1 && refuses(slot)) {
          refusedSeen = true
          continue
        }
        const start = starts[i] as number
        if (start >= from && (start < to || start === Number.POSITIVE_INFINITY)) {
          next = start
          break
        }
        if (start < from) passed++
        const free = start < from ? this.firstFreeFrom(slot, from) : start
        hold(slot, free < to ? free : Number.POSITIVE_INFINITY)
        // A window that ends soon (a student whose access ends) holds back most of the list.
        if (held.length > HELD_MAX) return null
      }
      const waiting = held[0]
      if (
        waiting &&
        (i >= length || this.before(waiting.slot, waiting.next, false, slots[i] as number, next, false))
      ) {
        first.push(waiting)
        held.shift()
      } else if (i < length) {
        first.push({ slot: slots[i] as number, next })
        i++
      } else {
        break
      }
    }
    if (passed > STALE_MAX) buckets.stale = true
    if (first.length < count && refusedSeen) return null
    return {
      total: buckets.countFrom(least),
      first: first.map(({ slot, next }) => pageEntry(slot, next, false)),
    }
  }

  private readonly nextFrom = (slot: Slot, from: number): number => this.firstFreeFrom(slot, from)

  /** The teacher's first free start at or after `from`; Infinity when none. */
  private firstFreeFrom(slot: Slot, from: number): number {
    const known = this.nextFree[slot] as number
    // Known for an earlier time, and not passed: no free start between that time and it.
    if ((this.nextFreeFrom[slot] as number) <= from && from <= known) return known
    const starts = this.teacherAt(slot).freeStarts
    const next = starts[lowerBound(starts, from)] ?? Number.POSITIVE_INFINITY
    this.nextFree[slot] = next
    this.nextFreeFrom[slot] = from
    return next
  }

  /** board-search.ts compareMatches(a, b) < 0, from the numbers by slot (next: Infinity for none). */
  private before(
    a: Slot,
    aNext: number,
    aRefused: boolean,
    b: Slot,
    bNext: number,
    bRefused: boolean,
  ): boolean {
    if (aRefused !== bRefused) return bRefused
    const byRating = this.byRating(a, b)
    if (byRating !== 0) return byRating < 0
    if (aNext !== bNext) return aNext < bNext
    return (this.nameRanks[a] as number) < (this.nameRanks[b] as number)
  }

  /** The teachers in the columns at rank ≥ least who do not refuse the student, each counted once. */
  private countIn(columns: readonly Column[], least: number, refuses: (slot: Slot) => boolean): number {
    const mark = this.nextVisit()
    const { visited, refusing } = this
    let total = 0
    for (const { slots, ranks, length } of columns) {
      for (let i = 0; i < length; i++) {
        if ((ranks[i] as number) < least) continue
        const slot = slots[i] as number
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
  private mergeFirst(
    columns: readonly OrderedColumn[],
    least: number,
    count: number,
    refuses: (slot: Slot) => boolean,
  ): { slot: Slot; start: number }[] {
    const mark = this.nextVisit()
    const { visited, refusing } = this
    const next = new Int32Array(columns.length)
    // The next entry of column c at rank ≥ least not yet taken; its position, or -1 when none.
    const advance = (c: number, from: number): number => {
      const { slots, ranks, length } = columns[c] as OrderedColumn
      for (let i = from; i < length; i++) {
        if ((ranks[i] as number) >= least && visited[slots[i] as number] !== mark) return i
      }
      return -1
    }
    const before = (c: number, d: number): boolean => {
      const a = columns[c] as OrderedColumn
      const b = columns[d] as OrderedColumn
      const i = next[c] as number
      const j = next[d] as number
      return (
        this.order(a.slots[i] as number, a.starts[i] as number, b.slots[j] as number, b.starts[j] as number) <
        0
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
      const column = columns[c] as OrderedColumn
      const i = next[c] as number
      const slot = column.slots[i] as number
      if (visited[slot] !== mark) {
        visited[slot] = mark
        if (refusing[slot] === 0 || !refuses(slot)) first.push({ slot, start: column.starts[i] as number })
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

  /** `order` null: a full load, whose hour columns are sorted when first read. */
  private indexed(teacher: BoardTeacher, order: EntryOrder | null = this.order): void {
    const ranks = ranksOf(teacher)
    const firstByHour = firstFreeByHour(teacher)
    const slot = this.freeSlots.pop() ?? this.teachers.length
    this.teachers[slot] = teacher
    this.byId.set(teacher.id, slot)
    this.ensureCapacity(slot + 1)
    this.ratings[slot] = teacher.averageRating ?? Number.NaN
    this.nameRanks[slot] = teacher.nameRank
    this.refusing[slot] = teacher.notAcceptingNewStudents ? 1 : 0
    // The first free start of all: the first at or after any time before it.
    this.nextFree[slot] = teacher.freeStarts[0] ?? Number.POSITIVE_INFINITY
    this.nextFreeFrom[slot] = Number.NEGATIVE_INFINITY
    this.visited[slot] = 0
    this.everyone.add(slot, highestRank(ranks), firstByHour, order, this.nextFrom)
    for (const [languageId, rank] of ranks)
      entryOf(this.languages, languageId, () => new Buckets()).add(
        slot,
        rank,
        firstByHour,
        order,
        this.nextFrom,
      )
  }

  private unindexed(id: string): void {
    const slot = this.byId.get(id)
    const teacher = slot === undefined ? undefined : this.teachers[slot]
    if (slot === undefined || !teacher) return
    // The teacher object is the one indexed (a reload brings a new one): same hours, same ranks.
    const firstByHour = firstFreeByHour(teacher)
    const ranks = ranksOf(teacher)
    this.byId.delete(id)
    this.everyone.remove(slot, highestRank(ranks), firstByHour)
    for (const [languageId, rank] of ranks) {
      const buckets = this.languages.get(languageId)
      buckets?.remove(slot, rank, firstByHour)
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
    this.nextFree = grow(this.nextFree, new Float64Array(capacity))
    this.nextFreeFrom = grow(this.nextFreeFrom, new Float64Array(capacity))
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
