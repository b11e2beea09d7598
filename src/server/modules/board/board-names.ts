import type { BoardTeacher } from './board-repository.ts'

// The board's teachers in name order, for the search order's name rank (board-index.ts): a
// teacher's `nameRank` grows along the order, kept by inserting into the sorted list so that a
// rename costs one teacher, not a renumbering (all are renumbered only when no rank is left between
// two neighbours).

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

/** Every teacher of the index in name order (compareNames), each with its `nameRank`. */
export class NameOrder {
  private readonly teachers: BoardTeacher[] = []
  /** Told each rank it gives a teacher, so the index can keep its own copy by slot. */
  private readonly ranked: (teacher: BoardTeacher) => void

  constructor(teachers: readonly BoardTeacher[], ranked: (teacher: BoardTeacher) => void) {
    this.ranked = ranked
    // One sort for a full load, rather than an insertion per teacher.
    this.teachers.push(...[...teachers].sort(compareNames))
    this.renumber()
  }

  /** `next` replaces `previous` (the same teacher loaded again), keeping its rank if its name stayed. */
  replace(previous: BoardTeacher, next: BoardTeacher): void {
    if (compareNames(previous, next) === 0) {
      next.nameRank = previous.nameRank
      this.teachers[this.position(previous)] = next
    } else {
      this.teachers.splice(this.position(previous), 1)
      this.insert(next)
    }
  }

  remove(teacher: BoardTeacher): void {
    this.teachers.splice(this.position(teacher), 1)
  }

  /** Inserts in name order with a rank between its neighbours' (all renumbered when none is left). */
  insert(teacher: BoardTeacher): void {
    const at = this.position(teacher)
    this.teachers.splice(at, 0, teacher)
    const before = this.teachers[at - 1]?.nameRank
    const after = this.teachers[at + 1]?.nameRank
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

  /** Index of the first teacher in name order not before `teacher`. */
  private position(teacher: BoardTeacher): number {
    let low = 0
    let high = this.teachers.length
    while (low < high) {
      const middle = (low + high) >>> 1
      const at = this.teachers[middle]
      if (at && compareNames(at, teacher) < 0) low = middle + 1
      else high = middle
    }
    return low
  }

  private renumber(): void {
    this.teachers.forEach((teacher, index) => {
      teacher.nameRank = index
      this.ranked(teacher)
    })
  }
}
