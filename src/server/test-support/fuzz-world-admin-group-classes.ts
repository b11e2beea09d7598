import { createClass, enrolStudents } from '../modules/group-classes/public.ts'
import type { TestApp } from './build-test-app.ts'
import { createUser } from './fixtures.ts'
import { B1, ENGLISH } from './lessons.ts'

// The console's group classes in the fuzz world: a teacher of their own with two classes — one
// the writes change, one whose remaining meetings are cancelled — and the students the
// enrolments name. Dates are after the world's Tuesday 10 March 2026.

export type AdminGroupClasses = {
  groups: {
    teacherId: string
    classId: string
    /** A class whose remaining meetings the school cancels. */
    classToEnd: string
    meetingToMove: string
    meetingToCancel: string
    studentToEnrol: string
    studentToRemove: string
    csvEmail: string
    company: string
  }
}

export const FUZZ_GROUP_COMPANY = 'Fuzz Group Co'

export async function adminGroupClassesWorld(t: TestApp): Promise<AdminGroupClasses> {
  const db = t.database.db
  const teacher = await createUser(db, { role: 'teacher', firstName: 'Ewa', lastName: 'Lis' })
  const student = (companyName: string | null = null) => createUser(db, { humanAccess: true, companyName })
  const made = (title: string, date: string) =>
    createClass(t.ctx, {
      teacherId: teacher.id,
      languageId: ENGLISH,
      levelId: B1,
      title,
      description: '',
      companyName: FUZZ_GROUP_COMPANY,
      capacity: 4,
      provider: 'builtin',
      series: null,
      extra: [
        { date, time: '10:00', units: 1 },
        { date, time: '12:00', units: 1 },
      ],
    })
  const { group, meetings } = await made('Fuzz group', '2026-03-20')
  const ending = await made('Fuzz group to end', '2026-03-21')
  const toRemove = await student()
  await enrolStudents(t.ctx, group.id, [toRemove.id])
  const toEnrol = await student()
  const fromCsv = await student()
  await student(FUZZ_GROUP_COMPANY)
  return {
    groups: {
      teacherId: teacher.id,
      classId: group.id,
      classToEnd: ending.group.id,
      meetingToMove: meetings[0]?.id ?? '',
      meetingToCancel: meetings[1]?.id ?? '',
      studentToEnrol: toEnrol.id,
      studentToRemove: toRemove.id,
      csvEmail: fromCsv.email,
      company: FUZZ_GROUP_COMPANY,
    },
  }
}
