import * as v from 'valibot'
import { envelope } from './common.ts'
import { lessonSchema } from './my-lessons.ts'
import { teacherSearchResultSchema } from './teachers.ts'

// GET /teachers/dummy and GET /lessons/dummy (decisions.md "/lessons/dummy and /teachers/dummy"):
// what a signed-in user without lessons of their own is shown of the school — a few of its
// teachers, and what lessons look like. Nothing in them can be booked or opened.

/** Up to PREVIEW_TEACHERS teachers who take new students, in search order (a search result's shape). */
export const PREVIEW_TEACHERS = 6
export const teacherPreviewResponse = envelope(v.array(teacherSearchResultSchema))

/** Sample lessons (a lesson's shape) with one of those teachers; never stored. */
export const lessonPreviewResponse = envelope(v.array(lessonSchema))
