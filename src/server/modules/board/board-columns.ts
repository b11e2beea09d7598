// The board index's storage (board-index.ts): teachers by number in parallel typed arrays,
// unordered or kept in search order, and the heap that merges ordered columns.

/** A teacher's number in the index: where its values are in the typed arrays. */
export type Slot = number

/**
 * The number at `i`, which the caller keeps within the array's length (where the compiler, checking
 * indexed access, sees `number | undefined`); NaN past the end.
 */
export const valueAt = (values: ArrayLike<number>, i: number): number => values[i] ?? Number.NaN

/** Teachers (by slot) with a level rank and a time each, as parallel arrays; order not kept. */
export class Column {
  slots = new Int32Array(4)
  ranks = new Int16Array(4)
  /** A time per entry (epoch ms): the first free start in an hour's bucket or from a language's time. */
  starts = new Float64Array(4)
  length = 0

  push(slot: Slot, rank: number, start: number): void {
    if (this.length === this.slots.length) {
      const grown = Math.max(4, this.length * 2)
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

/** Orders two entries of an hour's column: < 0 when (a, aStart) comes first. */
export type EntryOrder = (a: Slot, aStart: number, b: Slot, bStart: number) => number

/**
 * Teachers in search order (`TeacherIndex.order`: rating, then the entry's time, then name), so
 * the first page of a search reads a few entries and stops. A change moves the entries after it
 * by one (a few hundred or thousand numbers at 20,000 teachers). A full load appends, and the
 * first search that reads the column sorts it (`ordered`): sorting every hour's at once took 0.3 s
 * more of a 20,000-teacher board's start.
 */
export class OrderedColumn extends Column {
  private sorted = true

  get inOrder(): boolean {
    return this.sorted
  }

  /** Appends without keeping the order, until the column is next read (`ordered`). */
  append(slot: Slot, rank: number, start: number): void {
    super.push(slot, rank, start)
    this.sorted = false
  }

  insert(slot: Slot, rank: number, start: number, order: EntryOrder): void {
    if (!this.sorted) {
      this.append(slot, rank, start)
      return
    }
    let low = 0
    let high = this.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (order(valueAt(this.slots, middle), valueAt(this.starts, middle), slot, start) <= 0) low = middle + 1
      else high = middle
    }
    super.push(slot, rank, start)
    const end = this.length - 1
    this.slots.copyWithin(low + 1, low, end)
    this.ranks.copyWithin(low + 1, low, end)
    this.starts.copyWithin(low + 1, low, end)
    this.slots[low] = slot
    this.ranks[low] = rank
    this.starts[low] = start
  }

  /** Removes the slot and closes the gap, keeping the order. */
  override remove(slot: Slot): void {
    const at = this.slots.subarray(0, this.length).indexOf(slot)
    if (at < 0) return
    this.slots.copyWithin(at, at + 1, this.length)
    this.ranks.copyWithin(at, at + 1, this.length)
    this.starts.copyWithin(at, at + 1, this.length)
    this.length--
  }

  /**
   * The column, sorted first if entries were appended since it was last in order, or when
   * `timeOf` gives each entry a new time.
   */
  ordered(order: EntryOrder, timeOf?: (slot: Slot) => number): this {
    if (timeOf) {
      for (let i = 0; i < this.length; i++) this.starts[i] = timeOf(valueAt(this.slots, i))
    } else if (this.sorted) {
      return this
    }
    const { slots, ranks, starts, length } = this
    const positions = Array.from({ length }, (_, i) => i).sort((i, j) =>
      order(valueAt(slots, i), valueAt(starts, i), valueAt(slots, j), valueAt(starts, j)),
    )
    // Loops, not TypedArray.from with a map function, which goes through the iterator protocol.
    this.slots = new Int32Array(length)
    this.ranks = new Int16Array(length)
    this.starts = new Float64Array(length)
    positions.forEach((i, k) => {
      this.slots[k] = valueAt(slots, i)
      this.ranks[k] = valueAt(ranks, i)
      this.starts[k] = valueAt(starts, i)
    })
    this.sorted = true
    return this
  }
}

export function grow<T extends Int16Array | Int32Array | Uint8Array | Float64Array | Uint32Array>(
  from: T,
  to: T,
): T {
  to.set(from)
  return to
}

/** A binary heap of small numbers, ordered by `before` (which may read state that changes for the top). */
export class MinHeap {
  private readonly items: number[] = []
  private readonly before: (a: number, b: number) => boolean

  constructor(before: (a: number, b: number) => boolean) {
    this.before = before
  }

  get size(): number {
    return this.items.length
  }

  peek(): number {
    return valueAt(this.items, 0)
  }

  push(item: number): void {
    const { items } = this
    items.push(item)
    let at = items.length - 1
    while (at > 0) {
      const parent = (at - 1) >> 1
      if (!this.before(valueAt(items, at), valueAt(items, parent))) break
      ;[items[at], items[parent]] = [valueAt(items, parent), valueAt(items, at)]
      at = parent
    }
  }

  pop(): void {
    const last = this.items.pop() ?? Number.NaN
    if (this.items.length === 0) return
    this.items[0] = last
    this.siftDownTop()
  }

  /** Restores the order after the top item's key grew. */
  siftDownTop(): void {
    const { items } = this
    let at = 0
    for (;;) {
      const left = 2 * at + 1
      if (left >= items.length) return
      const right = left + 1
      const child =
        right < items.length && this.before(valueAt(items, right), valueAt(items, left)) ? right : left
      if (!this.before(valueAt(items, child), valueAt(items, at))) return
      ;[items[at], items[child]] = [valueAt(items, child), valueAt(items, at)]
      at = child
    }
  }
}
