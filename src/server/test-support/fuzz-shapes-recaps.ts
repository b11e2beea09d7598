import type { Shape } from './fuzz-shapes.ts'
import type { World } from './fuzz-world.ts'
import { RECAP_ANSWER } from './recaps.ts'

// The lesson recap's routes for the fuzz: the parties' list, the teacher's edit and publish of the
// world's draft (edit first: publishing uses the draft up), the student's deletion of a published
// recap's transcript.

export const RECAP_SHAPES: Record<string, (w: World) => Shape[]> = {
  'GET /api/v1/lessons/recaps/list': (w) => [
    { as: 'student', query: { lesson_id: w.lessons.finished }, expect: 200 },
  ],
  'POST /api/v1/lessons/recaps/update': (w) => [
    { as: 'teacher', body: { recap_id: w.recaps.draft, content: RECAP_ANSWER }, expect: 200 },
  ],
  'POST /api/v1/lessons/recaps/publish': (w) => [
    { as: 'teacher', body: { recap_id: w.recaps.draft }, expect: 200 },
  ],
  'POST /api/v1/lessons/recaps/add_words': (w) => [
    { as: 'student', body: { recap_id: w.recaps.published }, expect: 200 },
  ],
  'POST /api/v1/lessons/recaps/delete_transcript': (w) => [
    { as: 'student', body: { recap_id: w.recaps.published }, expect: 200 },
  ],
}
