import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { envelope, idSchema } from './common.ts'

// The group tab of my-lessons (product-rules.md "Group classes"): what a group lesson adds to the
// Lesson, the student's "I will not come" and the teacher's roster of one meeting.

/** A group lesson's class and the viewer's own word on coming; null on one-to-one lessons. */
export const lessonGroupSchema = v.object({
  class_id: idSchema,
  /** The class's title, e.g. "Niemiecki w pracy — B1". */
  title: v.string(),
  /** The student's place only: when they said they would not come (null: coming). */
  absent_at: v.nullable(v.string()),
})
export type LessonGroup = v.InferOutput<typeof lessonGroupSchema>

const lessonIdField = v.pipe(v.string(issue('required')), v.uuid(issue('invalid')))

/** POST /lessons/group_absence: the student will not come (`absent`), or takes it back. */
export const groupAbsenceSchema = v.object({
  lesson_id: lessonIdField,
  absent: v.boolean(issue('required')),
})
export type GroupAbsenceInput = v.InferOutput<typeof groupAbsenceSchema>

/** GET /lessons/group_roster: the meeting of one of the teacher's group lessons. */
export const groupRosterQuery = v.object({ lesson_id: lessonIdField })

/** One enrolled student's place in the meeting, as its teacher sees it. */
export const rosterEntrySchema = v.object({
  /** The student's place (a lesson): the teacher reports an absence on it. */
  lesson_id: idSchema,
  student: v.object({
    id: idSchema,
    first_name: v.nullable(v.string()),
    last_name: v.nullable(v.string()),
  }),
  /** When the student said they would not come; null: coming. */
  absent_at: v.nullable(v.string()),
  /** Whether the student's socket entered the meeting's room (the server's record). */
  attended: v.boolean(),
  /** The teacher's absence report on this student, if any. */
  absence_report: v.nullable(v.object({ note: v.string(), created_at: v.string() })),
})
export type RosterEntry = v.InferOutput<typeof rosterEntrySchema>

export const groupRosterResponse = envelope(
  v.object({
    class_id: idSchema,
    title: v.string(),
    students: v.array(rosterEntrySchema),
  }),
)
export type GroupRoster = v.InferOutput<typeof groupRosterResponse>['data']
