import * as v from 'valibot'
import { envelope } from './common.ts'
import { lessonSchema } from './my-lessons.ts'
import { teacherSearchResultSchema } from './teachers.ts'

// spec §7 GET /teachers/dummy and GET /lessons/dummy (issue #14 item 5, docs/decisions.md): what
// a signed-in user without lessons of their own is shown of the school — a few of its teachers,
// and what lessons look like. Nothing in them can be booked or opened.

/** Up to PREVIEW_TEACHERS teachers who take new students, in search order (spec §3 result shape). */
export const PREVIEW_TEACHERS = 6
export const teacherPreviewResponse = envelope(v.array(teacherSearchResultSchema))

/** Sample lessons (spec §3 Lesson shape) with one of those teachers; never stored. */
export const lessonPreviewResponse = envelope(v.array(lessonSchema))
