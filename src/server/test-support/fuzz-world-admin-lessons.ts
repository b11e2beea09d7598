import { absenceReports, lessons } from '../db/schema-lessons.ts'
import { lackOfSlotsReports } from '../db/schema-onboarding.ts'
import type { TestApp } from './build-test-app.ts'
import { createUser } from './fixtures.ts'
import { B1, ENGLISH } from './lessons.ts'

// The console's Lessons, Absence reports and Lack-of-slots in the fuzz world: a pair of
// its own, so the school's cancel and the accepted report never touch the world's student and teacher.

export type AdminLessons = {
  /** Four days ahead: the school cancels it. */
  lessonToCancel: string
  /** A finished lesson, reported by its student: the report is accepted. */
  reportedLesson: string
  openReport: string
  /** A lack-of-slots request to mark handled. */
  lackOfSlotsReport: string
}

const LESSON_MS = 45 * 60_000

export async function adminLessonsWorld(t: TestApp): Promise<AdminLessons> {
  const db = t.database.db
  const now = t.clock.now().getTime()
  const teacher = await createUser(db, { role: 'teacher', firstName: 'Piotr', lastName: 'Wiśniewski' })
  const student = await createUser(db, { humanAccess: true, firstName: 'Zofia', lastName: 'Kowalczyk' })
  const lessonAt = async (startsInMs: number) => {
    const [row] = await db
      .insert(lessons)
      .values({
        studentId: student.id,
        teacherId: teacher.id,
        languageId: ENGLISH,
        levelId: B1,
        startsAt: new Date(now + startsInMs),
        endsAt: new Date(now + startsInMs + LESSON_MS),
      })
      .returning()
    if (!row) throw new Error('insert returned no row')
    return row.id
  }
  const lessonToCancel = await lessonAt(4 * 86_400_000)
  const reportedLesson = await lessonAt(-3 * 3_600_000)
  const [report] = await db
    .insert(absenceReports)
    .values({
      lessonId: reportedLesson,
      reporterId: student.id,
      absenteeId: teacher.id,
      note: 'Nie przyszedł.',
    })
    .returning()
  const [request] = await db
    .insert(lackOfSlotsReports)
    .values({
      studentId: student.id,
      criteria: 'fuzz',
      reportedOn: '2026-03-10',
      studentFullName: 'Zofia Kowalczyk',
      studentEmail: student.email,
      teachingLanguage: 'Polish',
      taughtLanguage: 'Japanese',
      level: 'A1',
      date: '2026-03-12',
      hour: '18:00',
    })
    .returning()
  return {
    lessonToCancel,
    reportedLesson,
    openReport: report?.id ?? '',
    lackOfSlotsReport: request?.id ?? '',
  }
}
