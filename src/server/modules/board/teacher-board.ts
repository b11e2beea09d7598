import type { Change } from '../../db/change-feed.ts'
import type { Db } from '../../db/client.ts'
import type { Log } from '../../platform/logger.ts'
import { rangeInstants, teacherRange } from '../timetables/public.ts'
import { TeacherIndex } from './board-index.ts'
import {
  type BoardLesson,
  type BoardTeacher,
  loadBoardTeachers,
  loadGraceHours,
  loadLevelRanks,
  loadStudentLessons,
} from './board-repository.ts'
import type { BoardIndex } from './board-search.ts'

// The teacher board: this process's in-memory read model of what timetables/show and the
// teacher search read on every request (the latency target of bench/README.md): each active
// teacher's public data and slots of the schedule range (indexed for search: board-index.ts),
// students' own active lessons, and the grace period. Neither call then needs a database round
// trip once the board is warm.
//
// Freshness, by design (docs/decisions.md "The teacher board: search and timetables from memory",
// "A board that scales to 20,000 teachers"):
// - every committed change of what the board holds — published by a write of this process, or
//   arriving from another process (a second server, an operator command) through the database's
//   change feed — reaches `changed` on the change road (platform/change-road.ts) at once; the next
//   read reloads just that teacher or student before answering, so a user always reads their own
//   writes;
// - so the whole board is loaded only at start, when the week rolls over, and after the change
//   feed lost its connection (`changed(null)`: notifications may have been missed) — never on a
//   timer while notifications flow;
// - as a safety net for one teacher's timetable, a student's lessons and the grace period, an
//   entry older than `ttlMs` is reloaded in the background while the previous copy still answers
//   (at most 2 × ttlMs old);
// - with `ttlMs` 0 (the integration tests) every read loads what it needs afresh.

type Stamp = { loadedAt: number; rangeStart: number }
type Age = 'fresh' | 'usable' | 'stale'
type StudentEntry = Stamp & { lessons: BoardLesson[] }

export type BoardRange = { start: Date; end: Date }

export type TeacherBoard = {
  /**
   * The schedule range the board holds slots for (product-rules.md "Constants and limits": current
   * and next week).
   */
  range(now: Date): BoardRange
  /** Every active teacher, indexed for search. */
  teachers(now: Date): Promise<BoardIndex>
  /** One active teacher, or undefined. */
  teacher(id: string, now: Date): Promise<BoardTeacher | undefined>
  /** The student's active lessons starting at or after the range start minus a day. */
  studentLessons(id: string, now: Date): Promise<BoardLesson[]>
  graceHours(now: Date): Promise<number | null>
  /** Loads every teacher now (at start, so the first requests do not wait). */
  warm(now: Date): Promise<void>
  /** `change` committed (here or elsewhere); null: anything may have changed (the feed was cut off). */
  changed(change: Change | null): void
  /** What the metrics show: read from memory, no query. */
  stats(): { teachers: number; students: number; fullLoads: number; lastLoadSeconds: number | null }
}

const DAY_MS = 24 * 60 * 60 * 1000
const MAX_STUDENTS = 50_000

class BoardState {
  /** The teachers loaded so far; every active one once `full` is set. */
  index = new TeacherIndex()
  /** When each teacher in `index` was loaded. */
  readonly loaded = new Map<string, Stamp>()
  readonly studentEntries = new Map<string, StudentEntry>()
  /** Teacher or student id → the sequence number of its latest change mark. */
  readonly dirtyTeachers = new Map<string, number>()
  readonly dirtyStudents = new Map<string, number>()
  /** Every active teacher was loaded together for this range (search needs all of them). */
  full: { rangeStart: number; levelRanks: Map<number, number> } | null = null
  fullLoading: Promise<void> | null = null
  /** Full loads so far and how long the last one took. */
  fullLoads = 0
  lastLoadSeconds: number | null = null
  grace: (Stamp & { hours: number | null }) | null = null
  settingsMark = 0
  /** Counts change marks: a load compares it to tell whether a mark came in meanwhile. */
  sequence = 0

  readonly db: Db
  readonly ttlMs: number
  readonly log: Log

  constructor(db: Db, ttlMs: number, log: Log) {
    this.db = db
    this.ttlMs = ttlMs
    this.log = log
  }

  /** Fresh: loaded within ttl for the current range. Usable: may answer while reloading. */
  age(stamp: Stamp | null | undefined, now: number, rangeStart: number): Age {
    if (!stamp || stamp.rangeStart !== rangeStart) return 'stale'
    const age = now - stamp.loadedAt
    if (age < this.ttlMs) return 'fresh'
    return age < 2 * this.ttlMs ? 'usable' : 'stale'
  }

  /** Whether every teacher must be loaded again before a search answers. */
  needsFullLoad(rangeStart: number): boolean {
    return this.ttlMs <= 0 || this.full?.rangeStart !== rangeStart
  }

  async loadAll(now: Date, rangeStart: number): Promise<void> {
    if (this.fullLoading) return this.fullLoading
    const mark = this.sequence
    const started = performance.now()
    const loading = (async () => {
      const [teachers, levelRanks] = await Promise.all([
        loadBoardTeachers(this.db, new Date(rangeStart)),
        loadLevelRanks(this.db),
      ])
      this.index = new TeacherIndex(teachers)
      this.loaded.clear()
      for (const teacher of teachers) this.loaded.set(teacher.id, { loadedAt: now.getTime(), rangeStart })
      for (const [id, at] of this.dirtyTeachers) if (at <= mark) this.dirtyTeachers.delete(id)
      this.full = { rangeStart, levelRanks }
      this.fullLoads++
      this.lastLoadSeconds = (performance.now() - started) / 1000
    })()
    this.fullLoading = loading
    try {
      await loading
    } finally {
      this.fullLoading = null
    }
  }

  /** Loads these teachers again and updates them in place (one query; gone ones leave). */
  async reloadTeachers(ids: string[], now: Date, rangeStart: number): Promise<void> {
    // After a full load in flight, or it would put back what this read replaced.
    if (this.fullLoading) await this.fullLoading.catch(() => undefined)
    const mark = this.sequence
    const loaded = await loadBoardTeachers(this.db, new Date(rangeStart), ids)
    const found = new Set<string>()
    for (const teacher of loaded) {
      found.add(teacher.id)
      this.index.put(teacher)
      this.loaded.set(teacher.id, { loadedAt: now.getTime(), rangeStart })
    }
    for (const id of ids) {
      if (!found.has(id)) {
        this.index.delete(id)
        this.loaded.delete(id)
      }
      if ((this.dirtyTeachers.get(id) ?? 0) <= mark) this.dirtyTeachers.delete(id)
    }
  }

  /**
   * `cached` while fresh; while only usable, `cached` too with a reload behind it; otherwise what
   * `load` reads (an undefined `cached` is nothing cached).
   */
  async readThrough<T>(cached: T | undefined, age: Age, load: () => Promise<T>): Promise<T> {
    if (cached !== undefined && age === 'fresh') return cached
    if (cached === undefined || age === 'stale') return load()
    this.inBackground(load().then(() => undefined))
    return cached
  }

  /** Marks what `change` touched; everything for null. */
  mark(change: Change | null): void {
    const sequence = ++this.sequence
    if (change === null) {
      this.full = null
      this.grace = null
      this.index = new TeacherIndex()
      this.loaded.clear()
      this.studentEntries.clear()
    } else if (change.kind === 'teacher') this.dirtyTeachers.set(change.id, sequence)
    else if (change.kind === 'student') this.dirtyStudents.set(change.id, sequence)
    else if (change.kind === 'settings') this.settingsMark = sequence
  }

  inBackground(work: Promise<void>): void {
    work.catch((error: unknown) => this.log.error({ err: error }, 'refreshing the teacher board failed'))
  }
}

export function createTeacherBoard(db: Db, ttlMs: number, log: Log): TeacherBoard {
  const state = new BoardState(db, ttlMs, log)
  const range = (now: Date): BoardRange => rangeInstants(teacherRange(now))

  const board: TeacherBoard = {
    range,
    async teachers(now) {
      const rangeStart = range(now).start.getTime()
      if (state.needsFullLoad(rangeStart)) await state.loadAll(now, rangeStart)
      if (state.dirtyTeachers.size > 0)
        await state.reloadTeachers([...state.dirtyTeachers.keys()], now, rangeStart)
      return { teachers: state.index, levelRanks: state.full?.levelRanks ?? new Map() }
    },
    async teacher(id, now) {
      const rangeStart = range(now).start.getTime()
      const age = state.dirtyTeachers.has(id)
        ? 'stale'
        : state.age(state.loaded.get(id), now.getTime(), rangeStart)
      return state.readThrough(state.index.get(id), age, async () => {
        await state.reloadTeachers([id], now, rangeStart)
        return state.index.get(id)
      })
    },
    async studentLessons(id, now) {
      const rangeStart = range(now).start.getTime()
      const entry = state.studentEntries.get(id)
      const age = state.dirtyStudents.has(id) ? 'stale' : state.age(entry, now.getTime(), rangeStart)
      const mark = state.sequence
      return state.readThrough(entry?.lessons, age, async () => {
        const lessons = await loadStudentLessons(db, id, new Date(rangeStart - DAY_MS))
        if (state.ttlMs <= 0) return lessons
        if (state.studentEntries.size >= MAX_STUDENTS && !state.studentEntries.has(id)) {
          const oldest = state.studentEntries.keys().next()
          if (!oldest.done) state.studentEntries.delete(oldest.value)
        }
        state.studentEntries.set(id, { loadedAt: now.getTime(), rangeStart, lessons })
        if ((state.dirtyStudents.get(id) ?? 0) <= mark) state.dirtyStudents.delete(id)
        return lessons
      })
    },
    async graceHours(now) {
      const rangeStart = range(now).start.getTime()
      const age = state.settingsMark > 0 ? 'stale' : state.age(state.grace, now.getTime(), rangeStart)
      const mark = state.sequence
      return state.readThrough(state.grace?.hours, age, async () => {
        const hours = await loadGraceHours(db)
        state.grace = { loadedAt: now.getTime(), rangeStart, hours }
        if (state.settingsMark <= mark) state.settingsMark = 0
        return hours
      })
    },
    async warm(now) {
      const started = performance.now()
      await state.loadAll(now, range(now).start.getTime())
      const elapsed = Math.round(performance.now() - started)
      log.info({ teachers: state.index.size, ms: elapsed }, 'teacher board loaded')
    },
    changed(change) {
      state.mark(change)
    },
    stats: () => ({
      teachers: state.index.size,
      students: state.studentEntries.size,
      fullLoads: state.fullLoads,
      lastLoadSeconds: state.lastLoadSeconds,
    }),
  }
  return board
}
