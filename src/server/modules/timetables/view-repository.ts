import { and, eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { Db } from '../../db/client.ts'
import { settings, teacherStudents, timeSlots, users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'

// GET /teachers/timetables/show in one round trip (it is the hottest call of the app, and each
// round trip costs more than the rest of the request: bench/README.md): the active teacher, the
// viewer's allowed-list entry, the grace period, the slots of the dates with whether each holds an
// active lesson, and for a student their own active lessons around the dates.

const slotsJson = v.array(v.object({ id: v.string(), starts_at: v.string(), booked: v.boolean() }))
const lessonsJson = v.array(v.object({ starts_at: v.string(), ends_at: v.string() }))

export type ViewSlot = { id: string; startsAt: Date; booked: boolean }
export type TimetableView = {
  notAcceptingNewStudents: boolean
  /**
   * The viewing student is on the teacher's allowed list (product-rules.md "Allowed students");
   * false for a teacher.
   */
  allowed: boolean
  graceHours: number | null
  slots: ViewSlot[]
  /** The viewing student's active lessons that have not ended or start near the dates. */
  ownLessons: { startsAt: Date; endsAt: Date }[]
}

export type ViewQuery = {
  teacherId: string
  studentId: string | null
  /** Slots starting in [from, to). */
  from: Date
  to: Date
  now: Date
  /** The student's lessons starting in [lessonsFrom, lessonsTo) besides those not ended. */
  lessonsFrom: Date
  lessonsTo: Date
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`

export async function findTimetableView(db: Db, q: ViewQuery): Promise<TimetableView | undefined> {
  const booked = sql`exists (select 1 from ${lessons} where ${lessons.timeSlotId} = ${timeSlots.id} and ${lessons.cancelledAt} is null)`
  const slots = sql`(select coalesce(json_agg(json_build_object('id', ${timeSlots.id}, 'starts_at', ${timeSlots.startsAt}, 'booked', ${booked}) order by ${timeSlots.startsAt}), '[]'::json)
    from ${timeSlots}
    where ${timeSlots.teacherId} = ${users.id} and ${timeSlots.startsAt} >= ${at(q.from)} and ${timeSlots.startsAt} < ${at(q.to)})`
  const own = q.studentId
    ? sql`(select coalesce(json_agg(json_build_object('starts_at', ${lessons.startsAt}, 'ends_at', ${lessons.endsAt}) order by ${lessons.startsAt}), '[]'::json)
        from ${lessons}
        where ${lessons.studentId} = ${q.studentId} and ${lessons.cancelledAt} is null
          and (${lessons.endsAt} > ${at(q.now)} or (${lessons.startsAt} >= ${at(q.lessonsFrom)} and ${lessons.startsAt} < ${at(q.lessonsTo)})))`
    : sql`'[]'::json`
  const allowed = q.studentId
    ? sql<boolean>`exists (select 1 from ${teacherStudents} where ${teacherStudents.teacherId} = ${users.id} and ${teacherStudents.studentId} = ${q.studentId})`
    : sql<boolean>`false`
  const [row] = await db
    .select({
      notAcceptingNewStudents: users.notAcceptingNewStudents,
      allowed: allowed.mapWith(Boolean),
      graceHours: sql<
        number | null
      >`(select ${settings.lessonEarlinessCondition} from ${settings} where ${settings.id} = 1)`,
      slots: sql<unknown>`${slots}`,
      own: sql<unknown>`${own}`,
    })
    .from(users)
    .where(and(eq(users.id, q.teacherId), eq(users.role, 'teacher'), eq(users.status, 'active')))
  if (!row) return undefined
  return {
    notAcceptingNewStudents: row.notAcceptingNewStudents,
    allowed: row.allowed,
    graceHours: row.graceHours,
    slots: v
      .parse(slotsJson, row.slots)
      .map((s) => ({ id: s.id, startsAt: new Date(s.starts_at), booked: s.booked })),
    ownLessons: v
      .parse(lessonsJson, row.own)
      .map((l) => ({ startsAt: new Date(l.starts_at), endsAt: new Date(l.ends_at) })),
  }
}
