import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { groupMeetings } from '../../db/schema-group-classes.ts'
import { lessons } from '../../db/schema-lessons.ts'
import {
  groupRoomParticipants,
  groupRooms,
  lessonChatMessages,
  roomConnections,
} from '../../db/schema-room.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { ofViewer } from '../lessons/public.ts'

// The group room's SQL (docs/lesson-room-protocol.md "The group room"): a place and its meeting,
// the meeting's roster and presence, what every page sees of a participant, the meeting's room on
// the group server and its chat.

/** A group place the viewer holds (a student's own, or any of the teacher's meeting). */
export type GroupPlace = {
  placeId: string
  meetingId: string
  teacherId: string
  studentId: string
  startsAt: Date
  endsAt: Date
  /** The meeting's or the place's cancellation. */
  cancelledAt: Date | null
  cancelledBy: string | null
}

export async function findGroupPlace(
  db: Db,
  viewer: Viewer,
  placeId: string,
): Promise<GroupPlace | undefined> {
  const [row] = await db
    .select({
      placeId: lessons.id,
      meetingId: groupMeetings.id,
      teacherId: lessons.teacherId,
      studentId: lessons.studentId,
      startsAt: groupMeetings.startsAt,
      endsAt: groupMeetings.endsAt,
      cancelledAt: sql<Date | null>`coalesce(${groupMeetings.cancelledAt}, ${lessons.cancelledAt})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
      cancelledBy: lessons.cancelledBy,
    })
    .from(lessons)
    .innerJoin(groupMeetings, eq(groupMeetings.id, lessons.groupMeetingId))
    .where(and(ofViewer(viewer), eq(lessons.id, placeId)))
  return row
}

export type RosterEntry = { userId: string; name: string; role: 'student' | 'teacher'; placeId: string }

/** The meeting's teacher (on its first place) and its students with a live place, in place order. */
export async function meetingRoster(db: Db, meetingId: string): Promise<RosterEntry[]> {
  const rows = await db
    .select({
      placeId: lessons.id,
      teacherId: lessons.teacherId,
      studentId: lessons.studentId,
      cancelledAt: lessons.cancelledAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(lessons)
    .innerJoin(users, eq(users.id, lessons.studentId))
    .where(eq(lessons.groupMeetingId, meetingId))
    .orderBy(asc(lessons.id))
  const first = rows[0]
  if (!first) return []
  const [teacher] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, first.teacherId))
  const name = (person: { firstName: string | null; lastName: string | null } | undefined) =>
    [person?.firstName, person?.lastName].filter(Boolean).join(' ')
  return [
    { userId: first.teacherId, name: name(teacher), role: 'teacher', placeId: first.placeId },
    ...rows
      .filter((row) => row.cancelledAt === null)
      .map((row) => ({
        userId: row.studentId,
        name: name(row),
        role: 'student' as const,
        placeId: row.placeId,
      })),
  ]
}

/** Users with a socket in the meeting's room on a living process. */
export async function presentInMeeting(db: Db, meetingId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ userId: roomConnections.userId })
    .from(roomConnections)
    .innerJoin(lessons, eq(lessons.id, roomConnections.lessonId))
    .where(
      and(
        eq(lessons.groupMeetingId, meetingId),
        isNull(roomConnections.leftAt),
        sql`${roomConnections.origin} in (select application_name from pg_stat_activity where application_name <> '')`,
      ),
    )
  return new Set(rows.map((row) => row.userId))
}

export type ParticipantRow = typeof groupRoomParticipants.$inferSelect
type ParticipantChange = Partial<
  Pick<ParticipantRow, 'microphone' | 'camera' | 'screen' | 'handRaised' | 'mutedByTeacher'>
>

export async function participantRows(db: Db, meetingId: string): Promise<ParticipantRow[]> {
  return db.select().from(groupRoomParticipants).where(eq(groupRoomParticipants.meetingId, meetingId))
}

/** Changes what every page sees of one participant. */
export async function saveParticipant(
  db: Db,
  meetingId: string,
  userId: string,
  change: ParticipantChange,
): Promise<void> {
  if (Object.keys(change).length === 0) return
  await db
    .insert(groupRoomParticipants)
    .values({ meetingId, userId, ...change })
    .onConflictDoUpdate({
      target: [groupRoomParticipants.meetingId, groupRoomParticipants.userId],
      set: change,
    })
}

/** Every raised hand of the meeting goes down. */
export async function lowerHands(db: Db, meetingId: string): Promise<void> {
  await db
    .update(groupRoomParticipants)
    .set({ handRaised: false })
    .where(eq(groupRoomParticipants.meetingId, meetingId))
}

/** The teacher removed the student: kept, so they cannot come back to this meeting. */
export async function markRemoved(db: Db, meetingId: string, userId: string, by: string, at: Date) {
  const change = { removedAt: at, removedBy: by, handRaised: false }
  await db
    .insert(groupRoomParticipants)
    .values({ meetingId, userId, ...change })
    .onConflictDoUpdate({
      target: [groupRoomParticipants.meetingId, groupRoomParticipants.userId],
      set: change,
    })
}

export async function isRemoved(db: Db, meetingId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ removedAt: groupRoomParticipants.removedAt })
    .from(groupRoomParticipants)
    .where(
      and(
        eq(groupRoomParticipants.meetingId, meetingId),
        eq(groupRoomParticipants.userId, userId),
        isNotNull(groupRoomParticipants.removedAt),
      ),
    )
  return row !== undefined
}

export type GroupRoomRow = typeof groupRooms.$inferSelect

/** The meeting's room on the group server, pinned once: the first process to ask decides. */
export async function pinGroupRoom(
  db: Db,
  values: { meetingId: string; server: string; room: number; createdAt: Date },
): Promise<GroupRoomRow> {
  await db.insert(groupRooms).values(values).onConflictDoNothing()
  const [row] = await db.select().from(groupRooms).where(eq(groupRooms.meetingId, values.meetingId))
  if (!row) throw new Error('the group room vanished after its insert')
  return row
}

/** Claims the rooms of meetings that closed before `before` (one process each); they are destroyed. */
export async function claimClosedRooms(db: Db, before: Date, now: Date): Promise<GroupRoomRow[]> {
  const closed = db
    .select({ id: groupMeetings.id })
    .from(groupMeetings)
    .where(lt(groupMeetings.endsAt, before))
  return db
    .update(groupRooms)
    .set({ destroyedAt: now })
    .where(and(isNull(groupRooms.destroyedAt), inArray(groupRooms.meetingId, closed)))
    .returning()
}

export type ChatRow = typeof lessonChatMessages.$inferSelect

/** The meeting's chat in the server's order. */
export async function meetingChat(db: Db, meetingId: string): Promise<ChatRow[]> {
  return db
    .select()
    .from(lessonChatMessages)
    .where(eq(lessonChatMessages.groupMeetingId, meetingId))
    .orderBy(asc(lessonChatMessages.id))
}

/** Whether the meeting is cancelled, and its teacher. */
export async function meetingCancelled(
  db: Db,
  meetingId: string,
): Promise<{ cancelled: boolean; teacherId: string } | undefined> {
  const [row] = await db
    .select({ cancelledAt: groupMeetings.cancelledAt, teacherId: groupMeetings.teacherId })
    .from(groupMeetings)
    .where(eq(groupMeetings.id, meetingId))
  return row && { cancelled: row.cancelledAt !== null, teacherId: row.teacherId }
}
