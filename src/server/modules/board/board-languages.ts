import { type EntryOrder, OrderedColumn, type Slot } from './board-columns.ts'

// One language's teachers in the board's index (board-index.ts), or everyone's for a search
// without a language: a list in search order by each teacher's next free start, counts by level
// rank, and a bucket per hour of the teachers with a free slot starting in it.

/** The map's value for `key`, made and stored first when there is none. */
export function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key)
  if (value === undefined) {
    value = make()
    map.set(key, value)
  }
  return value
}

/** One language's teachers (or everyone's, for a search without a language). */
export class Buckets {
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
