import type { Shape } from './fuzz-shapes.ts'
import type { World } from './fuzz-world.ts'

// The console's Teachers and Students for the fuzz: every route is the operator's whose
// session passed the second factor, aimed at the world's own accounts (fuzz-world-admin-people.ts).
// Writes come after the reads, and each state change before the one that undoes it.

const HEADER = 'email,human_access,ai_access,only_group_lessons,active_until,company_name,locale'
const csv = (email: string) =>
  `${HEADER}\n${email},true,false,false,2026-12-31,Partner S.A.,pl\nbad,1,0,0,,,pl`

export const ADMIN_PEOPLE_SHAPES: Record<string, (w: World) => Shape[]> = {
  'GET /api/v1/admin/teachers/index': () => [
    {
      as: 'operator',
      query: { status: 'pending_verification', q: 'a', page: '1', per_page: '20' },
      expect: 200,
    },
  ],
  'POST /api/v1/admin/teachers/reject': (w) => [
    { as: 'operator', body: { teacher_id: w.admin.teacherToReject, reason: 'Brak filmu.' }, expect: 200 },
  ],
  'POST /api/v1/admin/teachers/update': (w) => [
    {
      as: 'operator',
      body: {
        teacher_id: w.admin.teacherToRun,
        monthly_cap: 40,
        video_provider: 'builtin',
        learncube: false,
      },
      expect: 200,
    },
  ],
  'POST /api/v1/admin/teachers/deactivate': (w) => [
    { as: 'operator', body: { teacher_id: w.admin.teacherToRun }, expect: 200 },
  ],
  'POST /api/v1/admin/teachers/reactivate': (w) => [
    { as: 'operator', body: { teacher_id: w.admin.teacherToRun }, expect: 200 },
  ],
  'GET /api/v1/admin/students/index': () => [
    {
      as: 'operator',
      query: { status: 'active', q: 'a', company: 'Partner', page: '1', per_page: '20' },
      expect: 200,
    },
  ],
  'POST /api/v1/admin/students/invite': () => [
    {
      as: 'operator',
      body: {
        email: 'console.invited@example.com',
        human_access: true,
        ai_access: false,
        only_group_lessons: false,
        active_until: '2026-12-31',
        company_name: 'Partner S.A.',
        locale: 'en',
      },
      expect: 200,
    },
  ],
  'POST /api/v1/admin/students/invite_csv/preview': () => [
    { as: 'operator', body: { csv: csv('console.csv.preview@example.com') }, expect: 200 },
  ],
  'POST /api/v1/admin/students/invite_csv/send': () => [
    { as: 'operator', body: { csv: csv('console.csv.sent@example.com') }, expect: 200 },
  ],
  'POST /api/v1/admin/students/update': (w) => [
    {
      as: 'operator',
      body: {
        student_id: w.admin.studentToRun,
        active_until: '2026-12-31',
        human_access: true,
        ai_access: true,
        only_group_lessons: false,
        lesson_limit: 3,
      },
      expect: 200,
    },
  ],
  'POST /api/v1/admin/students/lift_ban': (w) => [
    { as: 'operator', body: { student_id: w.admin.studentToRun }, expect: 200 },
  ],
  // The world's student has set a password: no invitation waits to be sent.
  'POST /api/v1/admin/students/resend_invitation': (w) => [
    { as: 'operator', body: { student_id: w.admin.studentToRun }, expect: 400 },
  ],
  'POST /api/v1/admin/students/clear_warning': (w) => [
    { as: 'operator', body: { student_id: w.admin.studentToRun }, expect: 200 },
  ],
}
