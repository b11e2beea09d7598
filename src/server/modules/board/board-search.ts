import type { InstantRange } from '../teachers/free-slot-windows.ts'
import type { BoardTeacher } from './board-repository.ts'

// Teacher search over the board (issue #4 item 3, spec §7 GET /teachers/search and
// /teachers/it_teachers): the filters of spec §3, and the soonest free slot in the windows that
// free-slot-windows.ts computes in Poland time, found by binary search in each teacher's sorted
// free starts.

export type TeacherFilters = {
  languageId?: number | undefined
  levelId?: number | undefined
  teachingLanguageId?: number | undefined
  specializationId?: number | undefined
  /** Only teachers with this specialization name for any language (spec §1 IT teachers). */
  specializationName?: string | undefined
}

export type SlotFilter = {
  /** Where a free slot may start, in time order (free-slot-windows.ts); empty: none can match. */
  windows: InstantRange[]
  /** The teacher must have a free slot in `windows` (the day/time filters were given). */
  required: boolean
  /**
   * The asking student: a teacher who does not accept new students and has not allowed them can
   * book them nothing (spec §4), so none of their slots is free for them. Null for a teacher.
   */
  studentId: string | null
}

/** `refused`: the teacher does not take the asking student (spec §4 not_accepting_new_students). */
export type TeacherMatch = { teacher: BoardTeacher; nextFreeSlot: number | null; refused: boolean }

/** spec §4: the teacher refuses new students and this student is not on their allowed list. */
export const refusesStudent = (teacher: BoardTeacher, studentId: string | null): boolean =>
  studentId !== null && teacher.notAcceptingNewStudents && !teacher.allowed.has(studentId)

function matchesFilters(teacher: BoardTeacher, filters: TeacherFilters, minRank: number | null): boolean {
  const { languageId, levelId, teachingLanguageId, specializationId, specializationName } = filters
  if (languageId !== undefined || levelId !== undefined) {
    // Taught at a level of rank ≥ the requested one, for language_id when given, else any language.
    const taught = teacher.taught.some(
      (t) =>
        (languageId === undefined || t.languageId === languageId) && (minRank === null || t.rank >= minRank),
    )
    if (!taught) return false
  }
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
  if (
    specializationName !== undefined &&
    !teacher.specializations.some((s) => s.name === specializationName)
  ) {
    return false
  }
  return true
}

/** Index of the first element ≥ value. */
function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sorted[middle] ?? 0) < value) low = middle + 1
    else high = middle
  }
  return low
}

/** The soonest free start in the windows (which are in time order), or null. */
export function nextFreeStart(freeStarts: Float64Array, windows: InstantRange[]): number | null {
  for (const window of windows) {
    const at = freeStarts[lowerBound(freeStarts, window.start.getTime())]
    if (at !== undefined && at < window.end.getTime()) return at
  }
  return null
}

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

/**
 * Teachers the student can book first (issue #11 item 4), then by average rating (desc, unrated
 * last), soonest free slot (none last), then by name (`nameRank`: last name, first name in Polish
 * collation, id).
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

/** The first `count` of `matches` in search order, without sorting them all. */
export function firstInOrder(matches: TeacherMatch[], count: number): TeacherMatch[] {
  if (count >= matches.length / 4) return matches.sort(compareMatches).slice(0, count)
  const top: TeacherMatch[] = []
  for (const match of matches) {
    const last = top[count - 1]
    if (last && compareMatches(match, last) >= 0) continue
    top.splice(insertionPoint(top, match), 0, match)
    if (top.length > count) top.pop()
  }
  return top
}

/** Teachers by the languages they teach. */
export function byLanguageOf(teachers: readonly BoardTeacher[]): Map<number, BoardTeacher[]> {
  const byLanguage = new Map<number, BoardTeacher[]>()
  for (const teacher of teachers) {
    for (const languageId of new Set(teacher.taught.map((t) => t.languageId))) {
      const list = byLanguage.get(languageId)
      if (list) list.push(teacher)
      else byLanguage.set(languageId, [teacher])
    }
  }
  return byLanguage
}

export type BoardIndex = {
  teachers: readonly BoardTeacher[]
  /** Teachers by taught language id: a language filter looks at those only. */
  byLanguage: ReadonlyMap<number, readonly BoardTeacher[]>
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
  const candidates =
    filters.languageId === undefined ? index.teachers : (index.byLanguage.get(filters.languageId) ?? [])
  const matches: TeacherMatch[] = []
  for (const teacher of candidates) {
    if (!matchesFilters(teacher, filters, minRank)) continue
    const refused = refusesStudent(teacher, slots.studentId)
    const nextFreeSlot = refused ? null : nextFreeStart(teacher.freeStarts, slots.windows)
    if (slots.required && nextFreeSlot === null) continue
    matches.push({ teacher, nextFreeSlot, refused })
  }
  if (!page) return { total: matches.length, matches: matches.sort(compareMatches) }
  const first = firstInOrder(matches, page.offset + page.limit)
  return { total: matches.length, matches: first.slice(page.offset) }
}
