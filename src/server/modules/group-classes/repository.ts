import {
  aliasedTable,
  and,
  asc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  ne,
  notExists,
  notInArray,
  or,
  sql,
} from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { timeSlots, users } from '../../db/schema.ts'
import { groupClasses, groupClassMembers, groupMeetings } from '../../db/schema-group-classes.ts'
import { lessonFiles, lessons } from '../../db/schema-lessons.ts'

// Group classes' SQL (docs/decisions.md "All SQL in repositories").

export type GroupClassRow = typeof groupClasses.$inferSelect
export type MeetingRow = typeof groupMeetings.$inferSelect
export type MemberRow = typeof groupClassMembers.$inferSelect
export type Interval = { startsAt: Date; endsAt: Date }

type Timed = { startsAt: PgColumn; endsAt: PgColumn }
/** Whether the row's [startsAt, endsAt) overlaps any of `intervals`. */
const overlapsAny = (table: Timed, intervals: Interval[]) =>
  or(...intervals.map((i) => and(lt(table.startsAt, i.endsAt), gt(table.endsAt, i.startsAt))))

/**
 * The teacher's active one-to-one lesson that overlaps one of `intervals` (the first in time), with
 * its student's name; inside the transaction that holds the teacher's row lock.
 */
export async function firstBusyLesson(tx: Db, teacherId: string, intervals: Interval[]) {
  if (intervals.length === 0) return undefined
  const [row] = await tx
    .select({
      startsAt: lessons.startsAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(lessons)
    .innerJoin(users, eq(users.id, lessons.studentId))
    .where(
      and(
        eq(lessons.teacherId, teacherId),
        isNull(lessons.cancelledAt),
        eq(lessons.isGroup, false),
        overlapsAny(lessons, intervals),
      ),
    )
    .orderBy(asc(lessons.startsAt))
    .limit(1)
  return row
}

/** The teacher's active meeting (of another class, or of this one but not `except`) overlapping one of `intervals`. */
export async function firstBusyMeeting(
  tx: Db,
  teacherId: string,
  intervals: Interval[],
  except: string[] = [],
) {
  if (intervals.length === 0) return undefined
  const [row] = await tx
    .select({ startsAt: groupMeetings.startsAt, title: groupClasses.title })
    .from(groupMeetings)
    .innerJoin(groupClasses, eq(groupClasses.id, groupMeetings.classId))
    .where(
      and(
        eq(groupMeetings.teacherId, teacherId),
        isNull(groupMeetings.cancelledAt),
        except.length > 0 ? notInArray(groupMeetings.id, except) : undefined,
        overlapsAny(groupMeetings, intervals),
      ),
    )
    .orderBy(asc(groupMeetings.startsAt))
    .limit(1)
  return row
}

/**
 * Deletes the teacher's free slots under `intervals` (a meeting takes their time; a booked one was
 * refused before this is called). Returns how many went.
 */
export async function deleteSlotsUnder(tx: Db, teacherId: string, intervals: Interval[]): Promise<number> {
  if (intervals.length === 0) return 0
  const deleted = await tx
    .delete(timeSlots)
    .where(
      and(
        eq(timeSlots.teacherId, teacherId),
        overlapsAny(timeSlots, intervals),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(lessons)
            .where(and(eq(lessons.timeSlotId, timeSlots.id), isNull(lessons.cancelledAt))),
        ),
      ),
    )
    .returning({ id: timeSlots.id })
  return deleted.length
}

export async function insertClass(tx: Db, values: typeof groupClasses.$inferInsert): Promise<GroupClassRow> {
  const [row] = await tx.insert(groupClasses).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function insertMeetings(
  tx: Db,
  classId: string,
  teacherId: string,
  intervals: Interval[],
): Promise<MeetingRow[]> {
  if (intervals.length === 0) return []
  return tx
    .insert(groupMeetings)
    .values(intervals.map((interval) => ({ classId, teacherId, ...interval })))
    .returning()
}

export async function findClass(db: Db, classId: string): Promise<GroupClassRow | undefined> {
  const [row] = await db.select().from(groupClasses).where(eq(groupClasses.id, classId))
  return row
}

/** The class, locked for its enrolment's changes. */
export async function lockClass(tx: Db, classId: string): Promise<GroupClassRow | undefined> {
  const [row] = await tx.select().from(groupClasses).where(eq(groupClasses.id, classId)).for('update')
  return row
}

export async function membersOf(db: Db, classId: string) {
  return db
    .select()
    .from(groupClassMembers)
    .where(eq(groupClassMembers.classId, classId))
    .orderBy(asc(groupClassMembers.waitingSince), asc(groupClassMembers.createdAt))
}

export async function insertMembers(tx: Db, rows: (typeof groupClassMembers.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return
  await tx.insert(groupClassMembers).values(rows).onConflictDoNothing()
}

/** The class's active meetings that have not started by `now`, in time order. */
export async function comingMeetings(db: Db, classId: string, now: Date): Promise<MeetingRow[]> {
  return db
    .select()
    .from(groupMeetings)
    .where(
      and(
        eq(groupMeetings.classId, classId),
        isNull(groupMeetings.cancelledAt),
        gt(groupMeetings.startsAt, now),
      ),
    )
    .orderBy(asc(groupMeetings.startsAt))
}

/** Each student's place in each meeting: a group lesson row (one per student and meeting). */
export async function insertPlaces(
  tx: Db,
  group: GroupClassRow,
  meetings: MeetingRow[],
  studentIds: string[],
): Promise<string[]> {
  if (meetings.length === 0 || studentIds.length === 0) return []
  const rows = await tx
    .insert(lessons)
    .values(
      meetings.flatMap((meeting) =>
        studentIds.map((studentId) => ({
          studentId,
          teacherId: group.teacherId,
          languageId: group.languageId,
          levelId: group.levelId,
          startsAt: meeting.startsAt,
          endsAt: meeting.endsAt,
          isGroup: true,
          groupMeetingId: meeting.id,
        })),
      ),
    )
    .onConflictDoNothing()
    .returning({ id: lessons.id })
  const ids = rows.map((row) => row.id)
  await shareMeetingMaterials(tx, ids)
  return ids
}

/**
 * The teacher's materials already on the meetings, copied onto their new places (the same stored
 * bytes, docs/decisions.md "The group tab"): a student enrolled later reads them too.
 */
async function shareMeetingMaterials(tx: Db, placeIds: string[]): Promise<void> {
  if (placeIds.length === 0) return
  const place = aliasedTable(lessons, 'place')
  const copies = await tx
    .selectDistinctOn([place.id, lessonFiles.storageKey], {
      lessonId: place.id,
      storageKey: lessonFiles.storageKey,
      filename: lessonFiles.filename,
      contentType: lessonFiles.contentType,
      size: lessonFiles.size,
      createdAt: lessonFiles.createdAt,
    })
    .from(place)
    .innerJoin(lessons, and(eq(lessons.groupMeetingId, place.groupMeetingId), ne(lessons.id, place.id)))
    .innerJoin(lessonFiles, and(eq(lessonFiles.lessonId, lessons.id), eq(lessonFiles.ownerRole, 'teacher')))
    .where(inArray(place.id, placeIds))
  if (copies.length > 0)
    await tx.insert(lessonFiles).values(copies.map((copy) => ({ ...copy, ownerRole: 'teacher' as const })))
}

/** The meeting; `forUpdate` locks it (after its teacher's row) for a move or a cancellation. */
export async function findMeeting(
  db: Db,
  meetingId: string,
  forUpdate = false,
): Promise<MeetingRow | undefined> {
  const query = db.select().from(groupMeetings).where(eq(groupMeetings.id, meetingId))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

/**
 * Moves (new times) or cancels (`cancelledAt`) the meeting and its students' active places, raising
 * its calendars' sequence: the meeting as it is now, and the students whose places changed.
 */
export async function changeMeeting(
  tx: Db,
  meetingId: string,
  change: Interval | { cancelledAt: Date },
): Promise<{ meeting: MeetingRow; studentIds: string[] }> {
  const [meeting] = await tx
    .update(groupMeetings)
    .set({ ...change, sequence: sql`${groupMeetings.sequence} + 1` })
    .where(eq(groupMeetings.id, meetingId))
    .returning()
  if (!meeting) throw new Error('no meeting to change')
  const places = await tx
    .update(lessons)
    .set(change)
    .where(and(eq(lessons.groupMeetingId, meetingId), isNull(lessons.cancelledAt)))
    .returning({ studentId: lessons.studentId })
  return { meeting, studentIds: places.map((place) => place.studentId) }
}

export async function deleteMember(tx: Db, classId: string, studentId: string) {
  const [row] = await tx
    .delete(groupClassMembers)
    .where(and(eq(groupClassMembers.classId, classId), eq(groupClassMembers.studentId, studentId)))
    .returning()
  return row
}

/** A student who leaves a class loses their places in its meetings still to come (deleted, never cancelled). */
export async function deleteComingPlaces(
  tx: Db,
  classId: string,
  studentId: string,
  now: Date,
): Promise<void> {
  await tx
    .delete(lessons)
    .where(
      and(
        eq(lessons.studentId, studentId),
        gt(lessons.startsAt, now),
        inArray(
          lessons.groupMeetingId,
          tx.select({ id: groupMeetings.id }).from(groupMeetings).where(eq(groupMeetings.classId, classId)),
        ),
      ),
    )
}

/** The first of the class's waiting list, now enrolled; undefined when nobody waits. */
export async function promoteFirstWaiting(tx: Db, classId: string): Promise<string | undefined> {
  const [first] = await tx
    .select({ studentId: groupClassMembers.studentId })
    .from(groupClassMembers)
    .where(and(eq(groupClassMembers.classId, classId), eq(groupClassMembers.status, 'waiting')))
    .orderBy(asc(groupClassMembers.waitingSince), asc(groupClassMembers.createdAt))
    .limit(1)
  if (!first) return undefined
  await tx
    .update(groupClassMembers)
    .set({ status: 'enrolled', waitingSince: null })
    .where(and(eq(groupClassMembers.classId, classId), eq(groupClassMembers.studentId, first.studentId)))
  return first.studentId
}

/** The class's own fields changed (title, description, level, capacity, its cancellation). */
export async function updateClassRow(
  tx: Db,
  classId: string,
  set: Partial<Pick<GroupClassRow, 'title' | 'description' | 'levelId' | 'capacity' | 'cancelledAt'>>,
  now: Date,
): Promise<GroupClassRow> {
  const [row] = await tx
    .update(groupClasses)
    .set({ ...set, updatedAt: now })
    .where(eq(groupClasses.id, classId))
    .returning()
  if (!row) throw new Error('no class to update')
  return row
}

/** A level's places follow the class: its students' places still to come take the new level. */
export async function setComingPlacesLevel(
  tx: Db,
  classId: string,
  levelId: number,
  now: Date,
): Promise<void> {
  await tx
    .update(lessons)
    .set({ levelId })
    .where(
      and(
        gt(lessons.startsAt, now),
        inArray(
          lessons.groupMeetingId,
          tx.select({ id: groupMeetings.id }).from(groupMeetings).where(eq(groupMeetings.classId, classId)),
        ),
      ),
    )
}
