import type { InstantRange } from '../teachers/public.ts'
import { Column, type EntryOrder, type OrderedColumn, type Slot, valueAt } from './board-columns.ts'
import { firstFreeByHour, hoursOf } from './board-hours.ts'
import { Buckets, entryOf } from './board-languages.ts'
import { NameOrder } from './board-names.ts'
import type { BoardTeacher } from './board-repository.ts'
import { SlotValues, type Visitor } from './board-slots.ts'

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
// The numbers a search compares live by teacher number in board-slots.ts; one language's lists in
// board-languages.ts; the name order in board-names.ts.

/** The rank of a teacher who teaches nothing (level ranks are smallints): below every level. */
const NO_RANK = -32_768
/** Entries of a language's list whose start had passed, met by one search, before it is sorted again. */
const STALE_MAX = 32
/** Entries a search from a language's list may hold back before it reads the whole language instead. */
const HELD_MAX = 256

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
  private readonly values = new SlotValues((slot) => this.teacherAt(slot))
  private readonly everyone = new Buckets()
  private readonly languages = new Map<number, Buckets>()
  /** Every teacher in name order; `nameRank` grows along it. */
  private readonly inNameOrder: NameOrder

  constructor(teachers: readonly BoardTeacher[] = []) {
    this.inNameOrder = new NameOrder(teachers, (teacher) => {
      const slot = this.byId.get(teacher.id)
      if (slot !== undefined) this.values.nameRanks[slot] = teacher.nameRank
    })
    // The hours' columns are sorted at first use, rather than an insertion per teacher.
    for (const teacher of teachers) this.indexed(teacher, null)
  }

  get size(): number {
    return this.byId.size
  }

  get(id: string): BoardTeacher | undefined {
    const slot = this.byId.get(id)
    return slot === undefined ? undefined : this.teachers[slot]
  }

  teacherAt(slot: Slot): BoardTeacher {
    const teacher = this.teachers[slot]
    if (!teacher) throw new Error(`no teacher at slot ${slot}`)
    return teacher
  }

  /** Average rating, NaN when unrated. */
  ratingAt(slot: Slot): number {
    return this.values.ratings[slot] ?? Number.NaN
  }

  nameRankAt(slot: Slot): number {
    return this.values.nameRanks[slot] ?? 0
  }

  /**
   * The teacher does not accept new students (product-rules.md "Allowed students"); whether the
   * student is allowed is theirs.
   */
  refusesNewAt(slot: Slot): boolean {
    return this.values.refusing[slot] === 1
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
    const mark = this.values.nextVisit()
    const hours = windows ? hoursOf(windows) : null
    if (hours) {
      for (const { hour, whole } of hours) {
        const column = buckets.byHour.get(hour)
        if (column) this.values.visitColumn(column, least, mark, whole, visitor)
      }
    } else {
      this.values.visitColumn(buckets.all, least, mark, false, visitor)
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
      if (column) columns.push(column.ordered(this.values.order))
    }
    const least = minRank ?? NO_RANK
    return {
      total: this.values.countIn(columns, least, refuses),
      first: this.values.mergeFirst(columns, least, count, refuses),
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
      if (valueAt(ranks, i) < least) continue
      total++
      const slot = valueAt(slots, i)
      const refused = this.values.refusing[slot] === 1 && refuses(slot)
      const free = refused ? Number.POSITIVE_INFINITY : this.values.firstFreeFrom(slot, from)
      const next = free < to ? free : Number.POSITIVE_INFINITY
      const last = first[count - 1]
      if (last && !this.values.before(slot, next, refused, last.slot, last.next, last.refused)) continue
      let at = first.length
      for (; at > 0; at--) {
        const previous = first[at - 1]
        if (
          !previous ||
          !this.values.before(slot, next, refused, previous.slot, previous.next, previous.refused)
        )
          break
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
      buckets.all.ordered(this.values.order, (slot) => this.values.firstFreeFrom(slot, from))
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
        const previous = held[at - 1]
        if (!previous || !this.values.before(slot, next, false, previous.slot, previous.next, false)) break
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
        const slot = valueAt(slots, i)
        if (valueAt(ranks, i) < least) continue
        if (this.values.refusing[slot] === 1 && refuses(slot)) {
          refusedSeen = true
          continue
        }
        const start = valueAt(starts, i)
        if (start >= from && (start < to || start === Number.POSITIVE_INFINITY)) {
          next = start
          break
        }
        if (start < from) passed++
        const free = start < from ? this.values.firstFreeFrom(slot, from) : start
        hold(slot, free < to ? free : Number.POSITIVE_INFINITY)
        // A window that ends soon (a student whose access ends) holds back most of the list.
        if (held.length > HELD_MAX) return null
      }
      const waiting = held[0]
      if (
        waiting &&
        (i >= length || this.values.before(waiting.slot, waiting.next, false, valueAt(slots, i), next, false))
      ) {
        first.push(waiting)
        held.shift()
      } else if (i < length) {
        first.push({ slot: valueAt(slots, i), next })
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

  /** Adds the teacher, or replaces the one with the same id (a fresh load of it). */
  put(teacher: BoardTeacher): void {
    const previous = this.get(teacher.id)
    if (previous) {
      this.unindexed(previous.id)
      this.inNameOrder.replace(previous, teacher)
    } else {
      this.inNameOrder.insert(teacher)
    }
    this.indexed(teacher)
  }

  delete(id: string): void {
    const previous = this.get(id)
    if (!previous) return
    this.unindexed(id)
    this.inNameOrder.remove(previous)
  }

  /** `order` null: a full load, whose hour columns are sorted when first read. */
  private indexed(teacher: BoardTeacher, order: EntryOrder | null = this.values.order): void {
    const ranks = ranksOf(teacher)
    const firstByHour = firstFreeByHour(teacher)
    const slot = this.freeSlots.pop() ?? this.teachers.length
    this.teachers[slot] = teacher
    this.byId.set(teacher.id, slot)
    this.values.set(slot, teacher)
    this.everyone.add(slot, highestRank(ranks), firstByHour, order, this.values.nextFrom)
    for (const [languageId, rank] of ranks)
      entryOf(this.languages, languageId, () => new Buckets()).add(
        slot,
        rank,
        firstByHour,
        order,
        this.values.nextFrom,
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
}
