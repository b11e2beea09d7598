import { asc, sql } from 'drizzle-orm'
import { scheduleRange } from '../src/domain/schedule/slot-rules.ts'
import { slotsForDay } from '../src/domain/schedule/slots.ts'
import { type Database, openDatabase } from '../src/server/db/client.ts'
import {
  availabilityRules,
  languages,
  levels,
  sessions,
  specializations,
  teacherSpecializations,
  teacherTaughtLanguages,
  teacherTeachingLanguages,
  timeSlots,
  users,
} from '../src/server/db/schema.ts'
import { lessons } from '../src/server/db/schema-lessons.ts'
import { datesOf } from '../src/server/modules/timetables/plan.ts'
import { newToken } from '../src/server/platform/tokens.ts'
import { seedDictionaries } from '../src/server/seed/seed.ts'

// The benchmark's data set: TEACHERS verified teachers with two weeks of 45-minute slots (the
// current and next week, Poland time), STUDENTS students with human lessons, a share of the slots
// already booked, and a session per student. Inserted in bulk straight into the database before the
// server starts; deterministic (a seeded generator) so runs compare.

export const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 1000)
export const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 30_000)
const BATCH = 2000

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH))
}

/** Working hours of one teacher: one or two blocks a day on some weekdays. */
function weeklyHours(rand: () => number): { start: string; end: string }[][] {
  const blocks = [
    { start: '08:00', end: '11:00' },
    { start: '12:00', end: '15:00' },
    { start: '16:00', end: '20:30' },
    { start: '18:00', end: '22:30' },
  ]
  return Array.from({ length: 7 }, (_, day) => {
    if (day === 6 || rand() < 0.25) return []
    const first = blocks[Math.floor(rand() * blocks.length)]
    return first ? [first] : []
  })
}

export type BenchData = {
  studentTokens: string[]
  teachers: { id: string; languageId: number; levelId: number }[]
  /** Free, bookable slots per teacher (for lessons/create), in time order. */
  freeSlots: Map<string, { id: string; startsAt: Date }[]>
  languageIds: number[]
  levelIds: number[]
  dates: string[]
}

export async function seedBenchData(database: Database, now: Date, passwordHash: string): Promise<BenchData> {
  const db = database.db
  const rand = random(20261123)
  await seedDictionaries(db)
  const languageIds = (await db.select({ id: languages.id }).from(languages).orderBy(asc(languages.id))).map(
    (l) => l.id,
  )
  const levelRows = await db.select({ id: levels.id }).from(levels).orderBy(asc(levels.rank))
  const levelIds = levelRows.map((l) => l.id)
  const specializationIds = (await db.select({ id: specializations.id }).from(specializations)).map(
    (s) => s.id,
  )
  const pick = <T>(list: T[]): T => {
    const item = list[Math.floor(rand() * list.length)]
    if (item === undefined) throw new Error('empty list')
    return item
  }
  const common = {
    passwordHash,
    status: 'active' as const,
    registrationCompleted: true,
    phoneNumber: '+48500100200',
  }

  const teacherRows = await inserted(db, TEACHERS, (i) => ({
    ...common,
    email: `bench.teacher.${i}@bench.lektorium.test`,
    role: 'teacher' as const,
    firstName: `Lektor${i}`,
    lastName: `Testowy${i}`,
    description: 'A teacher of the benchmark data set, with a description long enough to be valid here.',
    verifiedAt: now,
  }))
  const teachers = teacherRows.map((t) => ({
    id: t.id,
    languageId: pick(languageIds.slice(0, 6)),
    levelId: pick(levelIds.slice(3)),
  }))
  await inBatches(teachers, (batch) =>
    db
      .insert(teacherTaughtLanguages)
      .values(batch.map((t) => ({ teacherId: t.id, languageId: t.languageId, levelId: t.levelId }))),
  )
  await inBatches(teachers, (batch) =>
    db
      .insert(teacherTeachingLanguages)
      .values(batch.map((t) => ({ teacherId: t.id, languageId: languageIds[1] ?? t.languageId }))),
  )
  await inBatches(teachers, (batch) =>
    db.insert(teacherSpecializations).values(
      batch.map((t) => ({
        teacherId: t.id,
        languageId: t.languageId,
        specializationId: pick(specializationIds),
      })),
    ),
  )

  const range = scheduleRange(now, null)
  if (!range) throw new Error('no schedule range')
  const dates = datesOf(range)
  // Each teacher's weekly rules are stored as the SetLesson dialog would (so the server's start-up
  // top-up finds every week complete), and their slots are materialised from them.
  const weeks = teachers.map(() => weeklyHours(rand))
  await inBatches(
    teachers.map((t, i) => ({
      teacherId: t.id,
      weekly: Object.fromEntries((weeks[i] ?? []).map((intervals, day) => [String(day + 1), intervals])),
      dates: {},
      // Complete for this range, as the server's slot top-up leaves a teacher (the slots below).
      slotsCompleteFrom: range.from,
    })),
    (batch) => db.insert(availabilityRules).values(batch),
  )
  const slotRows = teachers.flatMap((t, index) => {
    const week = weeks[index] ?? []
    return dates.flatMap((date, i) =>
      slotsForDay(date, week[i % 7] ?? []).map((s) => ({
        teacherId: t.id,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
      })),
    )
  })
  const slots: { id: string; teacherId: string; startsAt: Date; endsAt: Date }[] = []
  for (let i = 0; i < slotRows.length; i += BATCH) {
    slots.push(
      ...(await db
        .insert(timeSlots)
        .values(slotRows.slice(i, i + BATCH))
        .returning()),
    )
  }

  const studentRows = await inserted(db, STUDENTS, (i) => ({
    ...common,
    email: `bench.student.${i}@bench.lektorium.test`,
    role: 'student' as const,
    firstName: `Kursant${i}`,
    lastName: `Testowy${i}`,
    dateOfBirth: '1990-01-01',
    humanAccess: true,
    scheduledLessonsLimit: 5,
  }))

  // A quarter of the students already hold a lesson in the next week.
  const teacherById = new Map(teachers.map((t) => [t.id, t]))
  const nextWeek = new Date(now.getTime() + 7 * 86_400_000)
  const later = slots.filter((s) => s.startsAt >= nextWeek)
  const booked = new Set<string>()
  const lessonRows = studentRows.slice(0, Math.floor(STUDENTS / 4)).flatMap((student, i) => {
    const slot = later[(i * 7919) % later.length]
    const teacher = slot ? teacherById.get(slot.teacherId) : undefined
    if (!slot || !teacher || booked.has(slot.id)) return []
    booked.add(slot.id)
    return [
      {
        studentId: student.id,
        teacherId: slot.teacherId,
        timeSlotId: slot.id,
        languageId: teacher.languageId,
        levelId: levelIds[0] ?? 1,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
      },
    ]
  })
  await inBatches(lessonRows, (batch) => db.insert(lessons).values(batch))

  const expiresAt = new Date(now.getTime() + 86_400_000)
  const studentTokens: string[] = []
  const sessionRows = studentRows.map((student) => {
    const { token, hash } = newToken()
    studentTokens.push(token)
    return { userId: student.id, tokenHash: hash, remember: true, expiresAt }
  })
  await inBatches(sessionRows, (batch) => db.insert(sessions).values(batch))

  const bookableFrom = now.getTime() + 13 * 3_600_000
  const freeSlots = new Map<string, { id: string; startsAt: Date }[]>()
  for (const slot of slots) {
    if (booked.has(slot.id) || slot.startsAt.getTime() < bookableFrom) continue
    freeSlots.set(slot.teacherId, [
      ...(freeSlots.get(slot.teacherId) ?? []),
      { id: slot.id, startsAt: slot.startsAt },
    ])
  }
  // PostgreSQL's autovacuum has vacuumed and analysed a database of this size long before it
  // serves traffic; a freshly bulk-loaded one has no statistics yet (it would be planned as if
  // empty), and left as it is, autovacuum and the first readers' hint bits would work through its
  // millions of new rows during the measured runs.
  await db.execute(sql`vacuum (analyze)`)
  return { studentTokens, teachers, freeSlots, languageIds, levelIds, dates }
}

async function inserted(
  db: Database['db'],
  count: number,
  row: (i: number) => typeof users.$inferInsert,
): Promise<{ id: string }[]> {
  const out: { id: string }[] = []
  for (let i = 0; i < count; i += BATCH) {
    const values = Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => row(i + j))
    out.push(...(await db.insert(users).values(values).returning({ id: users.id })))
  }
  return out
}

/** Opens (and migrates) the database the server will use, seeds it, and closes it again. */
export async function prepareDatabase(
  options: { databaseUrl?: string; allowSuperuser?: boolean; dataDir: string },
  now: Date,
  passwordHash: string,
): Promise<BenchData> {
  const database = await openDatabase({ ...options, log: { info: () => {}, error: console.error } })
  try {
    await database.migrate()
    return await seedBenchData(database, now, passwordHash)
  } finally {
    await database.close()
  }
}
