import { eq } from 'drizzle-orm'
import { addDays, polandDateKey } from '../../domain/poland-time.ts'
import { lessons } from '../db/schema-lessons.ts'
import { createClass, enrolStudents } from '../modules/group-classes/service.ts'
import type { TestApp } from './build-test-app.ts'
import { B1, ENGLISH } from './lessons.ts'

// The group tab in the fuzz world: a class of the world's teacher with the world's student
// enrolled and one meeting four days ahead, whose place the student says they will not come to
// and whose roster the teacher reads.

export type GroupTab = { place: string }

export async function groupTabWorld(t: TestApp, teacherId: string, studentId: string): Promise<GroupTab> {
  const { group, meetings } = await createClass(t.ctx, {
    teacherId,
    languageId: ENGLISH,
    levelId: B1,
    title: 'Angielski w firmie B1',
    description: '',
    companyName: 'Partner S.A.',
    capacity: 4,
    provider: 'builtin',
    series: null,
    extra: [{ date: addDays(polandDateKey(t.clock.now()), 4), time: '18:00', units: 2 }],
  })
  await enrolStudents(t.ctx, group.id, [studentId])
  const [meeting] = meetings
  const [place] = meeting ? await placesOf(t, meeting.id) : []
  if (!place) throw new Error('the fuzz world’s group place was not made')
  return { place }
}

async function placesOf(t: TestApp, meetingId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.groupMeetingId, meetingId))
  return rows.map((row) => row.id)
}
