import { and, asc, eq, gt, isNull, notExists, sql } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/client.ts'
import { settings, teacherTaughtLanguages, timeSlots, users } from '../../src/server/db/schema.ts'
import { lessons } from '../../src/server/db/schema-lessons.ts'
import { createSession } from '../../src/server/platform/sessions-repository.ts'

// What the load needs before it starts, written straight into the database of the server under
// test (and committed long before any write the test checks): students allowed to book as many
// lessons as they like, sessions for them and the teachers, finished lessons to rate, no grace or
// cancellation period to get in the way, and the free slots of the next two weeks.

export type Party = { id: string; token: string }
export type FreeSlot = {
  id: string
  teacherId: string
  startsAt: number
  languageId: number
  levelId: number
}
export type LoadPlan = {
  students: (Party & { finished: string[] })[]
  teachers: Map<string, Party>
  slots: FreeSlot[]
}

const YEAR_MS = 365 * 86_400_000
const LESSON_MS = 45 * 60_000
const silent = { info: () => {}, error: () => {} }

export async function prepareLoad(
  dataDir: string,
  studentCount: number,
  finishedEach: number,
): Promise<LoadPlan> {
  const database = await openDatabase({ dataDir, log: silent })
  const db = database.db
  try {
    await db.update(settings).set({ cancellationEarliness: 0, lessonEarlinessCondition: 0 })
    const now = Date.now()
    const session = async (userId: string) =>
      (await createSession(db, { userId, remember: true, expiresAt: new Date(now + YEAR_MS) })).token
    const teacherRows = await db
      .select({
        id: users.id,
        languageId: teacherTaughtLanguages.languageId,
        levelId: teacherTaughtLanguages.levelId,
      })
      .from(users)
      .innerJoin(teacherTaughtLanguages, eq(teacherTaughtLanguages.teacherId, users.id))
      .where(
        and(eq(users.role, 'teacher'), eq(users.status, 'active'), eq(users.notAcceptingNewStudents, false)),
      )
    const teaching = new Map<string, { languageId: number; levelId: number }>()
    for (const { id, languageId, levelId } of teacherRows) {
      if (!teaching.has(id)) teaching.set(id, { languageId, levelId })
    }
    const teachers = new Map<string, Party>()
    for (const id of teaching.keys()) teachers.set(id, { id, token: await session(id) })

    const firstTeacher = [...teaching.entries()][0]
    if (!firstTeacher) throw new Error('no bookable demo teacher')
    const students: LoadPlan['students'] = []
    for (let i = 0; i < studentCount; i++) {
      const [student] = await db
        .insert(users)
        .values({
          email: `durability.${i}.${now}@example.com`,
          role: 'student',
          status: 'active',
          registrationCompleted: true,
          humanAccess: true,
          scheduledLessonsLimit: 1000,
          firstName: 'Kursant',
          lastName: `Nr ${i}`,
        })
        .returning({ id: users.id })
      if (!student) throw new Error('no student row')
      const finished: string[] = []
      for (let j = 0; j < finishedEach; j++) {
        const startsAt = new Date(now - (j + 2) * 86_400_000 - i * LESSON_MS)
        const [lesson] = await db
          .insert(lessons)
          .values({
            studentId: student.id,
            teacherId: firstTeacher[0],
            ...firstTeacher[1],
            startsAt,
            endsAt: new Date(startsAt.getTime() + LESSON_MS),
          })
          .returning({ id: lessons.id })
        if (lesson) finished.push(lesson.id)
      }
      students.push({ id: student.id, token: await session(student.id), finished })
    }

    const free = await db
      .select({ id: timeSlots.id, teacherId: timeSlots.teacherId, startsAt: timeSlots.startsAt })
      .from(timeSlots)
      .where(
        and(
          gt(timeSlots.startsAt, new Date(now + 60 * 60_000)),
          notExists(
            db
              .select({ one: sql`1` })
              .from(lessons)
              .where(and(eq(lessons.timeSlotId, timeSlots.id), isNull(lessons.cancelledAt))),
          ),
        ),
      )
      .orderBy(asc(timeSlots.startsAt))
    const slots = free.flatMap((slot) => {
      const skill = teaching.get(slot.teacherId)
      return skill ? [{ ...slot, startsAt: slot.startsAt.getTime(), ...skill }] : []
    })
    return { students, teachers, slots }
  } finally {
    await database.close()
  }
}
