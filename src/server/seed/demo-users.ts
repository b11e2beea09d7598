import { polandDateKey } from '../../domain/poland-time.ts'
import type { ServiceContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import {
  languages,
  levels,
  specializations,
  studentLearnedLanguages,
  teacherSpecializations,
  teacherTaughtLanguages,
  teacherTeachingLanguages,
  users,
} from '../db/schema.ts'
import { hashPassword } from '../platform/passwords.ts'
import { discardFiles, type StoredFile } from '../platform/storage.ts'
import { DEMO_PASSWORD } from './demo-accounts.ts'
import { insertDemoLessons, storeDemoMaterial } from './demo-lessons.ts'
import { newDemoEmails, storeDemoPictures } from './demo-pictures.ts'
import { DEMO_STUDENTS, type DemoStudent } from './demo-students.ts'
import { DEMO_TEACHERS, type DemoTeacher } from './demo-teachers.ts'
import { seedDemoTimetable } from './demo-timetables.ts'

const DAY_MS = 86_400_000

function idOf<K extends string>(map: Map<string, number>, key: K): number {
  const id = map.get(key)
  if (id === undefined) throw new Error(`seed: unknown dictionary entry ${key}`)
  return id
}

/** Name → id of each dictionary. One query at a time: a transaction is one connection. */
async function dictionaryIds(db: Db) {
  const toMap = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.name, r.id]))
  return {
    language: toMap(await db.select({ id: languages.id, name: languages.name }).from(languages)),
    level: toMap(await db.select({ id: levels.id, name: levels.name }).from(levels)),
    specialization: toMap(
      await db.select({ id: specializations.id, name: specializations.name }).from(specializations),
    ),
  }
}

type Ids = Awaited<ReturnType<typeof dictionaryIds>>

function teacherRow(t: DemoTeacher, passwordHash: string, now: Date) {
  const { taught, teaching, specializations: _s, summary, ...profile } = t
  return {
    ...profile,
    passwordHash,
    role: 'teacher' as const,
    registrationCompleted: true,
    userRulesAgreed: true,
    teacherRulesAgreed: true,
    verifiedAt: t.status === 'active' ? now : null,
    createdAt: now,
  }
}

function studentRow(s: DemoStudent, passwordHash: string, now: Date, partnerCompanyName: string) {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS)
  return {
    email: s.email,
    firstName: s.firstName,
    lastName: s.lastName,
    phoneNumber: s.phoneNumber,
    dateOfBirth: s.dateOfBirth,
    locale: s.locale,
    passwordHash,
    role: 'student' as const,
    status: 'active' as const,
    registrationCompleted: s.registrationCompleted ?? true,
    userRulesAgreed: s.registrationCompleted ?? true,
    voiceRecordingAgreed: s.registrationCompleted ?? true,
    humanAccess: s.humanAccess,
    aiAccess: s.aiAccess,
    onlyGroupLessons: s.onlyGroupLessons ?? false,
    companyName: s.company === 'partner' ? `${partnerCompanyName} Sp. z o.o.` : (s.company ?? null),
    activeUntil: polandDateKey(at(s.activeUntilDays)),
    warnedAt: s.warnedDaysAgo === undefined ? null : at(-s.warnedDaysAgo),
    bannedUntil: s.bannedForDays === undefined ? null : at(s.bannedForDays),
    createdAt: now,
  }
}

/**
 * Inserts the demo teachers and students that do not exist yet (one shared password hash), with
 * generated pictures for the teachers and some students.
 */
export async function insertDemoUsers(
  ctx: Pick<ServiceContext, 'db' | 'storage' | 'log'>,
  now: Date,
  partnerCompanyName: string,
): Promise<{ created: number }> {
  // argon2 and the pictures are slow: both are made before the transaction.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const wanted = [...DEMO_TEACHERS, ...DEMO_STUDENTS.filter((s) => s.picture)].map((p) => p.email)
  const fresh = await newDemoEmails(ctx.db, wanted)
  const pictures = await storeDemoPictures(ctx, [...fresh])
  let result: Awaited<ReturnType<typeof insertAll>> | undefined
  let material: StoredFile | null = null
  try {
    material = await storeDemoMaterial(ctx, fresh)
    const options = { passwordHash, now, partnerCompanyName, pictures, material }
    result = await ctx.db.transaction((tx) => insertAll(tx, options))
    for (const lesson of result.skipped) ctx.log.error({ lesson }, 'a demo lesson found no slot')
    return { created: result.created }
  } finally {
    // Files no row points to: all after a failure, else those of addresses taken meanwhile.
    const orphans = [...pictures].filter(([email]) => !result?.pictured.has(email)).map(([, key]) => key)
    await discardFiles(ctx, [...orphans, result?.materialUsed ? null : material?.key])
  }
}

type InsertOptions = {
  passwordHash: string
  now: Date
  partnerCompanyName: string
  /** E-mail → storage key of the picture made for that account. */
  pictures: Map<string, string>
  /** The demo lesson material, stored when its lesson's accounts are new (demo-lessons.ts). */
  material: StoredFile | null
}

async function insertAll(tx: Db, options: InsertOptions) {
  const { passwordHash, now, partnerCompanyName, pictures } = options
  const ids = await dictionaryIds(tx)
  const pictured = new Set<string>()
  const created = new Map<string, string>()
  let count = 0
  const withPicture = <T extends { email: string }>(values: T) => ({
    ...values,
    imageKey: pictures.get(values.email) ?? null,
  })
  const inserted = (email: string, id: string) => {
    count += 1
    created.set(email, id)
    if (pictures.has(email)) pictured.add(email)
  }
  for (const teacher of DEMO_TEACHERS) {
    const [row] = await tx
      .insert(users)
      .values(withPicture(teacherRow(teacher, passwordHash, now)))
      .onConflictDoNothing()
      .returning({ id: users.id })
    if (!row) continue
    inserted(teacher.email, row.id)
    await insertTeacherLanguages(tx, row.id, teacher, ids)
    if (teacher.status === 'active') await seedDemoTimetable(tx, row.id, teacher.email, now)
  }
  for (const student of DEMO_STUDENTS) {
    const [row] = await tx
      .insert(users)
      .values(withPicture(studentRow(student, passwordHash, now, partnerCompanyName)))
      .onConflictDoNothing()
      .returning({ id: users.id })
    if (!row) continue
    inserted(student.email, row.id)
    if (student.learned.length > 0) {
      await tx
        .insert(studentLearnedLanguages)
        .values(student.learned.map((name) => ({ studentId: row.id, languageId: idOf(ids.language, name) })))
    }
  }
  const lessons = await insertDemoLessons(tx, {
    created,
    now,
    material: options.material,
    language: (name) => idOf(ids.language, name),
    level: (name) => idOf(ids.level, name),
  })
  return { created: count, pictured, ...lessons }
}

async function insertTeacherLanguages(db: Db, teacherId: string, t: DemoTeacher, ids: Ids): Promise<void> {
  await db.insert(teacherTaughtLanguages).values(
    t.taught.map(([language, level]) => ({
      teacherId,
      languageId: idOf(ids.language, language),
      levelId: idOf(ids.level, level),
    })),
  )
  await db
    .insert(teacherTeachingLanguages)
    .values(t.teaching.map((language) => ({ teacherId, languageId: idOf(ids.language, language) })))
  await db.insert(teacherSpecializations).values(
    t.specializations.map(([language, specialization]) => ({
      teacherId,
      languageId: idOf(ids.language, language),
      specializationId: idOf(ids.specialization, specialization),
    })),
  )
}
