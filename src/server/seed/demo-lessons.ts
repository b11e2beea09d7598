import { Readable } from 'node:stream'
import { and, asc, eq, gte, isNull, notExists } from 'drizzle-orm'
import type { ServiceContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { timeSlots } from '../db/schema.ts'
import { lessonFiles, lessonRatings, lessons } from '../db/schema-lessons.ts'
import { teacherRatingSummary } from '../modules/ratings/repository.ts'
import { updateUser } from '../modules/users/repository.ts'
import type { StoredFile } from '../platform/storage.ts'
import { insertDemoGroupClass } from './demo-group-class.ts'
import { pastSlot, soonStart } from './demo-lesson-times.ts'
import { DEMO_MATERIAL_FILENAME, demoMaterialPdf } from './demo-material.ts'
import { DEMO_WEEKLY } from './demo-timetables.ts'

// Demo lessons: something to see on my-lessons for the web and the end-to-end tests,
// at times relative to the seeding time and on the teachers' own schedules. No demo student who
// existed before gets a lesson that has not ended (the booking journeys count on their free
// limit); the new student Piotr Wiśniewski holds the upcoming ones, and the group-only students
// (who book nothing) their class's coming meetings (demo-group-class.ts). Lessons are only added with
// accounts created in the same run, so seeding again adds nothing.

export const DEMO_LESSON_EMAILS = {
  anna: 'anna.nowak@demo.lektorium.pl',
  tomasz: 'tomasz.wojcik@demo.lektorium.pl',
  marta: 'marta.dabrowska@demo.lektorium.pl',
  piotr: 'piotr.wisniewski@demo.lektorium.pl',
  krzysztof: 'krzysztof.mazur@demo.lektorium.pl',
  kamil: 'kamil.nowicki@demo.lektorium.pl',
} as const

const HOUR_MS = 60 * 60 * 1000
const LESSON_MS = 45 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

type NewLesson = typeof lessons.$inferInsert
type Span = { startsAt: Date; endsAt: Date }
export type DemoLessonInput = {
  /** E-mail → id of the accounts created in this run. */
  created: ReadonlyMap<string, string>
  now: Date
  /** The stored demo material, when Anna and Marta are new (storeDemoMaterial). */
  material: StoredFile | null
  language: (name: 'English' | 'German') => number
  level: (name: 'B1' | 'B2') => number
}

/** Stores the demo material before the seed's transaction when its lesson will be created. */
export async function storeDemoMaterial(
  ctx: Pick<ServiceContext, 'storage'>,
  fresh: ReadonlySet<string>,
): Promise<StoredFile | null> {
  if (!fresh.has(DEMO_LESSON_EMAILS.anna) || !fresh.has(DEMO_LESSON_EMAILS.marta)) return null
  return ctx.storage.put(Readable.from([demoMaterialPdf()]), 'material')
}

/** The slot of the teacher starting at `startsAt` that no active lesson holds, if any. */
async function freeSlotAt(tx: Db, teacherId: string, startsAt: Date): Promise<string | null> {
  const [slot] = await tx
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.teacherId, teacherId), eq(timeSlots.startsAt, startsAt), notExists(holding(tx))))
  return slot?.id ?? null
}

const holding = (tx: Db) =>
  tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.timeSlotId, timeSlots.id), isNull(lessons.cancelledAt)))

/** The teacher's first free slot starting at or after `from`. */
async function firstFreeSlot(tx: Db, teacherId: string, from: Date) {
  const [slot] = await tx
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.teacherId, teacherId), gte(timeSlots.startsAt, from), notExists(holding(tx))))
    .orderBy(asc(timeSlots.startsAt))
    .limit(1)
  return slot
}

async function insertLesson(tx: Db, values: NewLesson): Promise<string> {
  const [row] = await tx.insert(lessons).values(values).returning({ id: lessons.id })
  if (!row) throw new Error('insert returned no row')
  return row.id
}

/** A past lesson takes its slot when the slot is still stored (this week), else none. */
const pastLesson = async (tx: Db, base: Omit<NewLesson, 'startsAt' | 'endsAt'>, { startsAt, endsAt }: Span) =>
  insertLesson(tx, { ...base, startsAt, endsAt, timeSlotId: await freeSlotAt(tx, base.teacherId, startsAt) })

/** Marta with Anna: three finished lessons (one rated, one with a memo and a material) and a cancelled one. */
async function martaLessons(tx: Db, ids: { anna: string; marta: string }, input: DemoLessonInput) {
  const { now } = input
  const weekly = DEMO_WEEKLY[DEMO_LESSON_EMAILS.anna] ?? {}
  const base = {
    studentId: ids.marta,
    teacherId: ids.anna,
    languageId: input.language('English'),
    levelId: input.level('B2'),
  }
  const rated = pastSlot(weekly, now, 5, 'second')
  const ratedId = await pastLesson(tx, { ...base, note: 'Przygotować pytania o idiomy.' }, rated)
  const ratedAt = new Date(rated.endsAt.getTime() + HOUR_MS)
  await tx.insert(lessonRatings).values({
    lessonId: ratedId,
    value: 5,
    comment: 'Świetna lekcja, dużo rozmawiałyśmy.',
    createdAt: ratedAt,
    updatedAt: ratedAt,
  })
  const withMaterial = pastSlot(weekly, now, 12, 'second')
  const memoId = await pastLesson(
    tx,
    { ...base, teacherMemos: 'Present Perfect: powtórzyć czasowniki nieregularne.' },
    withMaterial,
  )
  if (input.material) {
    await tx.insert(lessonFiles).values({
      lessonId: memoId,
      ownerRole: 'teacher',
      storageKey: input.material.key,
      filename: DEMO_MATERIAL_FILENAME,
      contentType: input.material.type,
      size: input.material.size,
      createdAt: new Date(withMaterial.endsAt.getTime() + HOUR_MS),
    })
  }
  await pastLesson(tx, base, pastSlot(weekly, now, 19, 'second'))
  const cancelled = pastSlot(weekly, now, 9, 'second')
  await pastLesson(
    tx,
    {
      ...base,
      cancelledAt: new Date(cancelled.startsAt.getTime() - 2 * DAY_MS),
      cancelledBy: ids.marta,
      cancellationReason: 'Wyjazd służbowy.',
    },
    cancelled,
  )
  const summary = await teacherRatingSummary(tx, ids.anna)
  await updateUser(tx, ids.anna, { averageRating: summary.average, ratingsCount: summary.count })
}

/**
 * Piotr with Anna: one lesson starting within a quarter hour (Join and the absence report are
 * open), one about two days ahead, and one finished the day before.
 */
async function piotrLessons(
  tx: Db,
  ids: { anna: string; piotr: string },
  input: DemoLessonInput,
): Promise<string[]> {
  const { now } = input
  const base = {
    studentId: ids.piotr,
    teacherId: ids.anna,
    languageId: input.language('English'),
    levelId: input.level('B1'),
  }
  const skipped: string[] = []
  const soon = soonStart(now)
  const soonAt = soon.startsAt
  const endsAt = new Date(soonAt.getTime() + LESSON_MS)
  // In a working day's hours it takes its slot of Anna's schedule; at night it has none.
  const soonSlot = soon.onSchedule ? await freeSlotAt(tx, ids.anna, soonAt) : null
  if (soonSlot || !soon.onSchedule) {
    await insertLesson(tx, { ...base, startsAt: soonAt, endsAt, timeSlotId: soonSlot })
  } else skipped.push(`soon lesson at ${soonAt.toISOString()}`)
  const later = await firstFreeSlot(tx, ids.anna, new Date(now.getTime() + 2 * DAY_MS))
  if (later) {
    await insertLesson(tx, { ...base, startsAt: later.startsAt, endsAt: later.endsAt, timeSlotId: later.id })
  } else skipped.push('lesson in two days')
  const yesterday = pastSlot(DEMO_WEEKLY[DEMO_LESSON_EMAILS.anna] ?? {}, now, 1, 'last')
  await pastLesson(tx, { ...base, teacherMemos: 'Słownictwo: podróże i lotnisko.' }, yesterday)
  return skipped
}

/**
 * Inside the seed's transaction, after the accounts and timetables: the demo lessons of the
 * accounts created in this run. Returns whether the material was used and what could not be
 * placed (a slot missing from a schedule: logged by the caller, never fatal).
 */
export async function insertDemoLessons(
  tx: Db,
  input: DemoLessonInput,
): Promise<{ materialUsed: boolean; skipped: string[] }> {
  const id = (email: string) => input.created.get(email)
  const anna = id(DEMO_LESSON_EMAILS.anna)
  const marta = id(DEMO_LESSON_EMAILS.marta)
  const piotr = id(DEMO_LESSON_EMAILS.piotr)
  const tomasz = id(DEMO_LESSON_EMAILS.tomasz)
  const krzysztof = id(DEMO_LESSON_EMAILS.krzysztof)
  const kamil = id(DEMO_LESSON_EMAILS.kamil)
  const skipped: string[] = []
  if (anna && marta) await martaLessons(tx, { anna, marta }, input)
  if (anna && piotr) skipped.push(...(await piotrLessons(tx, { anna, piotr }, input)))
  if (tomasz && krzysztof) {
    const students = kamil ? [krzysztof, kamil] : [krzysztof]
    const group = { now: input.now, languageId: input.language('German'), levelId: input.level('B1') }
    await insertDemoGroupClass(tx, { tomasz, students }, group)
  }
  return { materialUsed: Boolean(anna && marta && input.material), skipped }
}
