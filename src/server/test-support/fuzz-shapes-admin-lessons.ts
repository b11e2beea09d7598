import type { Shape } from './fuzz-shapes.ts'
import type { World } from './fuzz-world.ts'

// The console's Lessons, Absence reports, Lack-of-slots and Overview for the fuzz: the
// operator whose session passed the second factor, on the world's own pair (fuzz-world-admin-lessons.ts).
// The writes' unmodified requests succeed once; their variants then meet a cancelled lesson, a
// decided report or a handled request (4xx).

const page = { page: '1', per_page: '20' }

export const ADMIN_LESSONS_SHAPES: Record<string, (w: World) => Shape[]> = {
  'GET /api/v1/admin/lessons/index': (w) => [
    {
      as: 'operator',
      query: {
        teacher_id: w.teacher.id,
        student_id: w.student.id,
        status: 'scheduled',
        date_from: '2026-03-09',
        date_to: '2026-03-22',
        ...page,
      },
      expect: 200,
    },
  ],
  'GET /api/v1/admin/lessons/show': (w) => [
    { as: 'operator', query: { lesson_id: w.admin.reportedLesson }, expect: 200 },
  ],
  'POST /api/v1/admin/lessons/cancel': (w) => [
    {
      as: 'operator',
      body: { lesson_id: w.admin.lessonToCancel, reason: 'Lektor jest chory.' },
      expect: 200,
    },
  ],
  'GET /api/v1/admin/absence_reports/index': (w) => [
    { as: 'operator', query: { status: 'open', lesson_id: w.admin.reportedLesson, ...page }, expect: 200 },
  ],
  'POST /api/v1/admin/absence_reports/resolve': (w) => [
    {
      as: 'operator',
      body: { report_id: w.admin.openReport, decision: 'accept', note: 'Potwierdzone.' },
      expect: 200,
    },
  ],
  'GET /api/v1/admin/lack_of_slots/index': () => [
    { as: 'operator', query: { handled: 'all', taught_language: 'Japanese', ...page }, expect: 200 },
  ],
  'POST /api/v1/admin/lack_of_slots/handle': (w) => [
    { as: 'operator', body: { ids: [w.admin.lackOfSlotsReport] }, expect: 200 },
  ],
  'GET /api/v1/admin/overview': () => [
    { as: 'operator', query: { weeks: '4', date_from: '2026-03-09', date_to: '2026-03-22' }, expect: 200 },
  ],
}
