import type { InstantRange } from '../teachers/public.ts'
import type { TeacherIndex } from './board-index.ts'
import { type BoardTeacher, lowerBound } from './board-repository.ts'

// Teacher search over the board (GET /teachers/search and /teachers/it_teachers): the filters of
// product-rules.md "Teacher search", and the soonest free slot in the windows that
// free-slot-windows.ts computes in Poland time, found by binary search in each teacher's sorted
// free starts.

export type TeacherFilters = {
  languageId?: number | undefined
  levelId?: number | undefined
  teachingLanguageId?: number | undefined
  specializationId?: number | undefined
  /**
   * Only teachers with this specialization name for any language (the IT teachers of
   * product-rules.md "Who uses it").
   */
  specializationName?: string | undefined
}

export type SlotFilter = {
  /** Where a free slot may start, in time order (free-slot-windows.ts); empty: none can match. */
  windows: InstantRange[]
  /** The teacher must have a free slot in `windows` (the day/time filters were given). */
  required: boolean
  /**
   * The asking student: a teacher who does not accept new students and has not allowed them can
   * book them nothing (product-rules.md "Allowed students"), so none of their slots is free for
   * them. Null for a teacher.
   */
  studentId: string | null
}

/**
 * `refused`: the teacher does not take the asking student (not_accepting_new_students,
 * product-rules.md "Allowed students").
 */
export type TeacherMatch = { teacher: BoardTeacher; nextFreeSlot: number | null; refused: boolean }

/**
 * product-rules.md "Allowed students": the teacher refuses new students and this student is not on
 * their allowed list.
 */
export const refusesStudent = (teacher: BoardTeacher, studentId: string | null): boolean =>
  studentId !== null && teacher.notAcceptingNewStudents && !teacher.allowed.has(studentId)

/**
 * The filters beyond language and level, which the index has applied already (board-index.ts):
 * the language of instruction and the specialization (product-rules.md "Teacher search").
 */
function matchesOtherFilters(teacher: BoardTeacher, filters: TeacherFilters): boolean {
  const { languageId, teachingLanguageId, specializationId, specializationName } = filters
  if (teachingLanguageId !== undefined && !teacher.teaching.includes(teachingLanguageId)) return false
  if (
    specializationId !== undefined &&
    !teacher.specializations.some(
      (s) =>
        s.specializationId === specializationId && (languageId === undefined || s.languageId === languageId),
    )
  ) {
    return false
  }
  return (
    specializationName === undefined || teacher.specializations.some((s) => s.name === specializationName)
  )
}

/** The soonest free start in the windows (which are in time order), or null. */
export function nextFreeStart(freeStarts: Float64Array, windows: InstantRange[]): number | null {
  for (const window of windows) {
    const at = freeStarts[lowerBound(freeStarts, window.start.getTime())]
    if (at !== undefined && at < window.end.getTime()) return at
  }
  return null
}

/**
 * Teachers the student can book first, then by average rating (desc, unrated last), soonest free
 * slot (none last), then by name (`nameRank`: last name, first name in Polish collation, id).
 */
export function compareMatches(a: TeacherMatch, b: TeacherMatch): number {
  if (a.refused !== b.refused) return a.refused ? 1 : -1
  const ratingA = a.teacher.averageRating
  const ratingB = b.teacher.averageRating
  if (ratingA !== ratingB) {
    if (ratingA === null) return 1
    if (ratingB === null) return -1
    return ratingB - ratingA
  }
  if (a.nextFreeSlot !== b.nextFreeSlot) {
    if (a.nextFreeSlot === null) return 1
    if (b.nextFreeSlot === null) return -1
    return a.nextFreeSlot - b.nextFreeSlot
  }
  return a.teacher.nameRank - b.teacher.nameRank
}

/** Where `match` goes in `sorted` (after its equals). */
function insertionPoint(sorted: TeacherMatch[], match: TeacherMatch): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compareMatches(sorted[middle] as TeacherMatch, match) <= 0) low = middle + 1
    else high = middle
  }
  return low
}

/** Above this many, a page's matches are all kept and sorted once (insertions would cost more). */
const STREAMED_PAGE_MAX = 200

/** The first `count` matches in search order, kept as they come: no sort of all of them. */
class FirstMatches {
  readonly top: TeacherMatch[] = []
  readonly count: number

  constructor(count: number) {
    this.count = count
  }

  full(): boolean {
    return this.top.length >= this.count
  }

  last(): TeacherMatch {
    return this.top[this.top.length - 1] as TeacherMatch
  }

  offer(match: TeacherMatch): void {
    const last = this.top[this.count - 1]
    if (last && compareMatches(match, last) >= 0) return
    this.top.splice(insertionPoint(this.top, match), 0, match)
    if (this.top.length > this.count) this.top.pop()
  }
}

/** The first `count` of `matches` in search order, without sorting them all. */
export function firstInOrder(matches: TeacherMatch[], count: number): TeacherMatch[] {
  if (count >= matches.length / 4) return matches.sort(compareMatches).slice(0, count)
  const first = new FirstMatches(count)
  for (const match of matches) first.offer(match)
  return first.top
}

export type BoardIndex = {
  teachers: TeacherIndex
  levelRanks: ReadonlyMap<number, number>
}

/**
 * The teachers matching the filters (and with a free slot when required): how many, and the
 * page's slice of them in search order (all of them without `page`).
 */
export function searchBoard(
  index: BoardIndex,
  filters: TeacherFilters,
  slots: SlotFilter,
  page?: { offset: number; limit: number },
): { total: number; matches: TeacherMatch[] } {
  const none = { total: 0, matches: [] }
  const { levelRanks } = index
  let minRank: number | null = null
  if (filters.levelId !== undefined) {
    const rank = levelRanks.get(filters.levelId)
    // An unknown level matches no one.
    if (rank === undefined) return none
    minRank = rank
  }
  if (slots.required && slots.windows.length === 0) return none
  const streamed =
    page && page.offset + page.limit <= STREAMED_PAGE_MAX ? new FirstMatches(page.offset + page.limit) : null
  const matches: TeacherMatch[] = []
  let total = 0
  // The hot loop, for every candidate of every search: the index has applied language and level;
  // the values compared come from its arrays, and a teacher's object is read only for the filters
  // beyond those (when given), a student's allowed list, or a free start the index cannot tell.
  const teachers = index.teachers
  const { studentId } = slots
  const others =
    filters.teachingLanguageId !== undefined ||
    filters.specializationId !== undefined ||
    filters.specializationName !== undefined
  const windows = slots.required ? slots.windows : null
  // A page of a search by language and level, with or without a day and an hour range: from the
  // index's numbers (board-index.ts firstInHours, firstByNext), without visiting every match.
  const refuses = (slot: number) => refusesStudent(teachers.teacherAt(slot), studentId)
  if (streamed && page && windows && !others) {
    // Teachers who refuse the student are left out when a free slot is required.
    const found = teachers.firstInHours(filters.languageId, minRank, windows, streamed.count, refuses)
    if (found) {
      const matches = found.first.slice(page.offset).map(({ slot, start }) => ({
        teacher: teachers.teacherAt(slot),
        nextFreeSlot: start,
        refused: false,
      }))
      return { total: found.total, matches }
    }
  }
  const [only] = slots.windows
  if (streamed && page && !windows && only && slots.windows.length === 1 && !others) {
    const found =
      teachers.firstByNext(filters.languageId, minRank, only, streamed.count, refuses) ??
      teachers.firstInLanguage(filters.languageId, minRank, only, streamed.count, refuses)
    const matches = found.first
      .slice(page.offset)
      .map(({ slot, next, refused }) => ({ teacher: teachers.teacherAt(slot), nextFreeSlot: next, refused }))
    return { total: found.total, matches }
  }
  teachers.visit(filters.languageId, minRank, windows, (slot, known) => {
    if (others && !matchesOtherFilters(teachers.teacherAt(slot), filters)) return
    const refused = teachers.refusesNewAt(slot) && refusesStudent(teachers.teacherAt(slot), studentId)
    const next = refused
      ? null
      : Number.isNaN(known)
        ? nextFreeStart(teachers.teacherAt(slot).freeStarts, slots.windows)
        : known
    if (slots.required && next === null) return
    total++
    if (!streamed) matches.push({ teacher: teachers.teacherAt(slot), nextFreeSlot: next, refused })
    else if (!streamed.full() || comesBefore(teachers, slot, next, refused, streamed.last()))
      streamed.offer({ teacher: teachers.teacherAt(slot), nextFreeSlot: next, refused })
  })
  if (streamed && page) return { total, matches: streamed.top.slice(page.offset) }
  if (!page) return { total, matches: matches.sort(compareMatches) }
  return { total, matches: matches.sort(compareMatches).slice(page.offset, page.offset + page.limit) }
}

/** compareMatches(candidate, match) < 0, from the index's arrays (no match built, no object read). */
function comesBefore(
  teachers: TeacherIndex,
  slot: number,
  nextFreeSlot: number | null,
  refused: boolean,
  match: TeacherMatch,
): boolean {
  if (refused !== match.refused) return !refused
  const rating = teachers.ratingAt(slot)
  const other = match.teacher.averageRating
  if (!(Number.isNaN(rating) ? other === null : rating === other))
    return other === null || (!Number.isNaN(rating) && rating > other)
  if (nextFreeSlot !== match.nextFreeSlot)
    return match.nextFreeSlot === null || (nextFreeSlot !== null && nextFreeSlot < match.nextFreeSlot)
  return teachers.nameRankAt(slot) < match.teacher.nameRank
}
