import type { Db } from '../db/client.ts'
import { groupClasses, groupClassMembers, groupMeetings } from '../db/schema-group-classes.ts'
import { lessons } from '../db/schema-lessons.ts'
import { deleteSlotsUnder } from '../modules/group-classes/repository.ts'
import { pastSlot, soonStart } from './demo-lesson-times.ts'
import { DEMO_WEEKLY } from './demo-timetables.ts'

// The demo's group class: Tomasz Wójcik's German course for a company, with Krzysztof and Kamil
// (group lessons only) enrolled. One meeting has ended, one starts at the next quarter hour (Join
// is open at once, as for Piotr's lesson) and one a week later. A meeting takes the teacher's time
// (docs/decisions.md "Group classes: a meeting takes the teacher's time"): the free slots under
// the coming ones go.

const WEEK_MS = 7 * 24 * 60 * 60 * 1000
const MEETING_MS = 90 * 60 * 1000

export type DemoGroupIds = { tomasz: string; students: string[] }
export type DemoGroupInput = { now: Date; languageId: number; levelId: number }

export async function insertDemoGroupClass(tx: Db, ids: DemoGroupIds, input: DemoGroupInput): Promise<void> {
  const past = pastSlot(DEMO_WEEKLY['tomasz.wojcik@demo.lektorium.pl'] ?? {}, input.now, 3, 'first')
  const soon = soonStart(input.now).startsAt
  const coming = [soon, new Date(soon.getTime() + WEEK_MS)].map((startsAt) => ({
    startsAt,
    endsAt: new Date(startsAt.getTime() + MEETING_MS),
  }))
  await deleteSlotsUnder(tx, ids.tomasz, coming)
  const [group] = await tx
    .insert(groupClasses)
    .values({
      teacherId: ids.tomasz,
      languageId: input.languageId,
      levelId: input.levelId,
      title: 'Niemiecki w pracy B1',
      description: 'Rozmowy, e-maile i spotkania po niemiecku dla zespołu sprzedaży.',
      companyName: 'Partner S.A.',
      capacity: 8,
    })
    .returning({ id: groupClasses.id })
  if (!group) throw new Error('insert returned no row')
  await tx
    .insert(groupClassMembers)
    .values(ids.students.map((studentId) => ({ classId: group.id, studentId, status: 'enrolled' as const })))
  const memo = 'Rozdział 4: tryb przypuszczający (Konjunktiv II).'
  const meetings = await tx
    .insert(groupMeetings)
    .values([
      { classId: group.id, teacherId: ids.tomasz, ...past, teacherMemo: memo },
      ...coming.map((span) => ({ classId: group.id, teacherId: ids.tomasz, ...span })),
    ])
    .returning()
  await tx.insert(lessons).values(
    meetings.flatMap((meeting) =>
      ids.students.map((studentId) => ({
        studentId,
        teacherId: ids.tomasz,
        languageId: input.languageId,
        levelId: input.levelId,
        startsAt: meeting.startsAt,
        endsAt: meeting.endsAt,
        isGroup: true,
        groupMeetingId: meeting.id,
      })),
    ),
  )
}
