import type { Shape } from './fuzz-shapes.ts'
import type { World } from './fuzz-world.ts'

// The group tab's routes for the fuzz: the student's "I will not come" on their place and the
// meeting's roster for its teacher (the student's place is the teacher's view of the meeting).
export const GROUP_TAB_SHAPES: Record<string, (w: World) => Shape[]> = {
  'GET /api/v1/lessons/group_roster': (w) => [
    { as: 'teacher', query: { lesson_id: w.group.place }, expect: 200 },
  ],
  'POST /api/v1/lessons/group_absence': (w) => [
    { as: 'student', body: { lesson_id: w.group.place, absent: true }, idempotent: true, expect: 200 },
  ],
}
