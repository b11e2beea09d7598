import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { attendanceSchema } from '../../../domain/api/my-lessons.ts'
import type { Db } from '../../db/client.ts'
import { languages, levels, users } from '../../db/schema.ts'
import { groupClasses, groupMeetings } from '../../db/schema-group-classes.ts'
import { absenceReports, lessonFiles, lessonRatings, lessons } from '../../db/schema-lessons.ts'
import { lessonArchives, lessonVoiceRecordings } from '../../db/schema-recordings.ts'
import { roomConnections } from '../../db/schema-room.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { languageNames } from '../dictionaries/public.ts'

// Lesson (product-rules.md "Records and fields") as lessons/* answer it: a whole list in ONE
// statement — the parties, language, level and rating by joins, the files and the viewer's own
// absence report by JSON sub-selects — so a list never costs a query per lesson.

const teacher = alias(users, 'teacher')
const student = alias(users, 'student')

const filesJson = v.array(
  v.object({
    id: v.string(),
    filename: v.string(),
    owner_role: v.picklist(['student', 'teacher']),
    content_type: v.string(),
    size: v.number(),
    created_at: v.string(),
  }),
)
const reportJson = v.nullable(
  v.object({
    absentee_id: v.string(),
    note: v.string(),
    absentee_joined: v.boolean(),
    created_at: v.string(),
  }),
)
const attendanceJson = v.array(attendanceSchema)
const voiceRecordingsJson = v.array(
  v.object({
    id: v.string(),
    key: v.string(),
    size: v.number(),
    duration_ms: v.nullable(v.number()),
    created_at: v.string(),
  }),
)
const recordingsJson = v.array(
  v.object({
    id: v.string(),
    status: v.picklist(['recording', 'processing', 'ready']),
    duration_ms: v.nullable(v.number()),
    kept_until: v.string(),
  }),
)

export type LessonFileView = v.InferOutput<typeof filesJson>[number]

const files = sql<unknown>`(select coalesce(json_agg(json_build_object(
    'id', ${lessonFiles.id}, 'filename', ${lessonFiles.filename}, 'owner_role', ${lessonFiles.ownerRole},
    'content_type', ${lessonFiles.contentType}, 'size', ${lessonFiles.size}, 'created_at', ${lessonFiles.createdAt}
  ) order by ${lessonFiles.createdAt}, ${lessonFiles.id}), '[]'::json)
  from ${lessonFiles} where ${lessonFiles.lessonId} = ${lessons.id})`

const myReport = (viewerId: string) => sql<unknown>`(select json_build_object(
    'absentee_id', ${absenceReports.absenteeId}, 'note', ${absenceReports.note},
    'absentee_joined', ${absenceReports.absenteeJoined}, 'created_at', ${absenceReports.createdAt})
  from ${absenceReports}
  where ${absenceReports.lessonId} = ${lessons.id} and ${absenceReports.reporterId} = ${viewerId})`

// protocol §4: the server-recorded sockets of the lesson's room, merged in lesson-dto.ts.
const attendance = sql<unknown>`(select coalesce(json_agg(json_build_object(
    'role', ${roomConnections.role}, 'from', ${roomConnections.joinedAt}, 'to', ${roomConnections.leftAt}
  ) order by ${roomConnections.joinedAt}), '[]'::json)
  from ${roomConnections} where ${roomConnections.lessonId} = ${lessons.id})`

// The lesson's recordings (a failed one is not shown), newest first. A group meeting's are kept on
// the place the teacher recorded from: every place of the meeting shows them, to the teacher and to
// the students recorded in them (docs/decisions.md "Recording a group meeting").
const recordings = (viewerId: string) => sql<unknown>`(select coalesce(json_agg(json_build_object(
    'id', ${lessonArchives.id}, 'status', ${lessonArchives.status},
    'duration_ms', ${lessonArchives.durationMs}, 'kept_until', ${lessonArchives.expiresAt}
  ) order by ${lessonArchives.startedAt} desc, ${lessonArchives.id}), '[]'::json)
  from ${lessonArchives}
  where ${lessonArchives.status} <> 'failed' and (
    (${lessons.groupMeetingId} is null and ${lessonArchives.lessonId} = ${lessons.id})
    or (${lessonArchives.lessonId} in (select place.id from ${lessons} place
        where place.group_meeting_id = ${lessons.groupMeetingId})
      and (${lessons.teacherId} = ${viewerId} or ${viewerId}::uuid = any(${lessonArchives.recordedUserIds})))))`

const voiceRecordings = sql<unknown>`(select coalesce(json_agg(json_build_object(
    'id', ${lessonVoiceRecordings.id}, 'key', ${lessonVoiceRecordings.fileKey},
    'size', ${lessonVoiceRecordings.size}, 'duration_ms', ${lessonVoiceRecordings.durationMs},
    'created_at', ${lessonVoiceRecordings.createdAt}
  ) order by ${lessonVoiceRecordings.createdAt}, ${lessonVoiceRecordings.id}), '[]'::json)
  from ${lessonVoiceRecordings} where ${lessonVoiceRecordings.lessonId} = ${lessons.id})`

const party = (table: typeof teacher | typeof student) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  imageKey: table.imageKey,
})

const columns = (viewerId: string) => ({
  lesson: lessons,
  language: languageNames,
  level: { id: levels.id, name: levels.name },
  teacher: party(teacher),
  student: party(student),
  ratingValue: lessonRatings.value,
  ratingComment: lessonRatings.comment,
  // A group lesson's class and its meeting's memo (the teacher's, one for every place).
  group: { classId: groupClasses.id, title: groupClasses.title, memo: groupMeetings.teacherMemo },
  files,
  report: myReport(viewerId),
  attendance,
  recordings: recordings(viewerId),
  voiceRecordings,
  // The number of rows the query matched, before limit and offset (pages).
  total: sql<number>`count(*) over ()`.mapWith(Number),
})

/** The lessons of which the viewer is a party, in the viewer's role. */
export const ofViewer = (viewer: Viewer): SQL =>
  viewer.role === 'student' ? eq(lessons.studentId, viewer.id) : eq(lessons.teacherId, viewer.id)

function selectViews(db: Db, viewer: Viewer) {
  return db
    .select(columns(viewer.id))
    .from(lessons)
    .innerJoin(teacher, eq(teacher.id, lessons.teacherId))
    .innerJoin(student, eq(student.id, lessons.studentId))
    .innerJoin(languages, eq(languages.id, lessons.languageId))
    .innerJoin(levels, eq(levels.id, lessons.levelId))
    .leftJoin(lessonRatings, eq(lessonRatings.lessonId, lessons.id))
    .leftJoin(groupMeetings, eq(groupMeetings.id, lessons.groupMeetingId))
    .leftJoin(groupClasses, eq(groupClasses.id, groupMeetings.classId))
}

type RawView = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number]
export type LessonView = Omit<
  RawView,
  'files' | 'report' | 'attendance' | 'recordings' | 'voiceRecordings'
> & {
  voiceRecordings: v.InferOutput<typeof voiceRecordingsJson>
  files: LessonFileView[]
  report: v.InferOutput<typeof reportJson>
  attendance: v.InferOutput<typeof attendanceJson>
  recordings: v.InferOutput<typeof recordingsJson>
}

// JSON turns timestamptz into the session's zone offset: give every instant back as ISO UTC.
const iso = (value: string) => new Date(value).toISOString()

function parseView(row: RawView): LessonView {
  const report = v.parse(reportJson, row.report)
  return {
    ...row,
    files: v.parse(filesJson, row.files).map((file) => ({ ...file, created_at: iso(file.created_at) })),
    report: report && { ...report, created_at: iso(report.created_at) },
    attendance: v
      .parse(attendanceJson, row.attendance)
      .map((a) => ({ role: a.role, from: iso(a.from), to: a.to === null ? null : iso(a.to) })),
    recordings: v
      .parse(recordingsJson, row.recordings)
      .map((recording) => ({ ...recording, kept_until: iso(recording.kept_until) })),
    voiceRecordings: v
      .parse(voiceRecordingsJson, row.voiceRecordings)
      .map((clip) => ({ ...clip, created_at: iso(clip.created_at) })),
  }
}

/** The viewer's lessons matching `where`, in `order`. */
export async function findLessonViews(
  db: Db,
  viewer: Viewer,
  where: SQL | undefined,
  order: 'oldest_first' | 'newest_first',
): Promise<LessonView[]> {
  const sort =
    order === 'oldest_first'
      ? [asc(lessons.startsAt), asc(lessons.id)]
      : [desc(lessons.startsAt), desc(lessons.id)]
  const rows = await selectViews(db, viewer)
    .where(and(ofViewer(viewer), where))
    .orderBy(...sort)
  return rows.map(parseView)
}

/** One of the viewer's lessons, or undefined when there is none with this id for them. */
export async function findLessonView(db: Db, viewer: Viewer, lessonId: string) {
  const [row] = await selectViews(db, viewer).where(and(ofViewer(viewer), eq(lessons.id, lessonId)))
  return row && parseView(row)
}

/**
 * A page of the viewer's lessons matching `where`, newest first, and their total: one statement
 * (`count(*) over ()`); only a page past the end needs a second one to learn the total.
 */
export async function findLessonPage(
  db: Db,
  viewer: Viewer,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: LessonView[]; total: number }> {
  const condition = and(ofViewer(viewer), where)
  const rows = await selectViews(db, viewer)
    .where(condition)
    .orderBy(desc(lessons.startsAt), desc(lessons.id))
    .limit(page.limit)
    .offset(page.offset)
  const first = rows[0]
  if (first) return { rows: rows.map(parseView), total: first.total }
  if (page.offset === 0) return { rows: [], total: 0 }
  const [counted] = await db.select({ n: count() }).from(lessons).where(condition)
  return { rows: [], total: counted?.n ?? 0 }
}

/** The Scheduled lessons (lists.ts): one-to-one, not cancelled, not ended at `now`; soonest first. */
export const findScheduledViews = (db: Db, viewer: Viewer, now: Date): Promise<LessonView[]> =>
  findLessonViews(
    db,
    viewer,
    and(eq(lessons.isGroup, false), isNull(lessons.cancelledAt), gt(lessons.endsAt, now)),
    'oldest_first',
  )

/**
 * A teacher sees a group meeting once, not once per student: through its first place (the
 * meeting's lesson row of lowest id; a student's places leave a meeting only by being deleted).
 */
const firstPlaceOfMeeting = (db: Db) => {
  const other = alias(lessons, 'other_place')
  return or(
    isNull(lessons.groupMeetingId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(other)
        .where(and(eq(other.groupMeetingId, lessons.groupMeetingId), lt(other.id, lessons.id))),
    ),
  )
}

/** A paged list (lists.ts): the closed one-to-one lessons (ended at `now` or cancelled), or group ones. */
export type LessonList = { kind: 'finished'; now: Date } | { kind: 'group' }
/** Instants a lesson's start lies in: from `from` on, before `before`. */
export type StartsWithin = { from: Date | undefined; before: Date | undefined }

/** A page of the viewer's lessons of `list` starting within `starts`, newest first, and their total. */
export function findListPage(
  db: Db,
  viewer: Viewer,
  list: LessonList,
  starts: StartsWithin,
  page: { limit: number; offset: number },
): Promise<{ rows: LessonView[]; total: number }> {
  const conditions =
    list.kind === 'finished'
      ? [eq(lessons.isGroup, false), or(lte(lessons.endsAt, list.now), isNotNull(lessons.cancelledAt))]
      : [eq(lessons.isGroup, true), ...(viewer.role === 'teacher' ? [firstPlaceOfMeeting(db)] : [])]
  const bounds: SQL[] = []
  if (starts.from) bounds.push(gte(lessons.startsAt, starts.from))
  if (starts.before) bounds.push(lt(lessons.startsAt, starts.before))
  return findLessonPage(db, viewer, and(...conditions, ...bounds), page)
}
