import type { Shape } from './fuzz-shapes.ts'
import type { World } from './fuzz-world.ts'
import { B1, ENGLISH } from './lessons.ts'

// The console's group classes for the fuzz: the operator past the second factor, on the world's
// own teacher and classes (fuzz-world-admin-group-classes.ts). The class is read before it is
// changed; each meeting is moved or cancelled once, and the other class's rest cancelled last.

const as = 'operator' as const

export const ADMIN_GROUP_CLASSES_SHAPES: Record<string, (w: World) => Shape[]> = {
  'GET /api/v1/admin/group_classes/index': (w) => [
    {
      as,
      query: {
        teacher_id: w.admin.groups.teacherId,
        language_id: String(ENGLISH),
        company: 'fuzz',
        state: 'active',
        page: '1',
        per_page: '20',
      },
      expect: 200,
    },
  ],
  'GET /api/v1/admin/group_classes/show': (w) => [
    { as, query: { class_id: w.admin.groups.classId }, expect: 200 },
  ],
  'POST /api/v1/admin/group_classes/create': (w) => [
    {
      as,
      body: {
        teacher_id: w.admin.groups.teacherId,
        language_id: ENGLISH,
        level_id: B1,
        title: 'Angielski dla zespołu',
        description: 'Spotkania w firmie.',
        company_name: 'Fuzz Group Co',
        capacity: 6,
        provider: 'builtin',
        series: { weekdays: [3], start_time: '16:00', units: 2, first_date: '2026-03-25', meetings: 3 },
        extra: [{ date: '2026-03-28', time: '09:00', units: 1 }],
      },
      expect: 200,
    },
  ],
  'POST /api/v1/admin/group_classes/update': (w) => [
    {
      as,
      body: {
        class_id: w.admin.groups.classId,
        title: 'Fuzz B1',
        description: 'Opis',
        level_id: B1,
        capacity: 6,
      },
      expect: 200,
    },
  ],
  'POST /api/v1/admin/group_classes/enrol': (w) => [
    {
      as,
      body: { class_id: w.admin.groups.classId, student_ids: [w.admin.groups.studentToEnrol] },
      expect: 200,
    },
  ],
  'POST /api/v1/admin/group_classes/enrol_csv': (w) => [
    { as, body: { class_id: w.admin.groups.classId, csv: `email\n${w.admin.groups.csvEmail}` }, expect: 200 },
  ],
  'POST /api/v1/admin/group_classes/enrol_company': (w) => [
    { as, body: { class_id: w.admin.groups.classId, company_name: w.admin.groups.company }, expect: 200 },
  ],
  'POST /api/v1/admin/group_classes/remove_student': (w) => [
    {
      as,
      body: { class_id: w.admin.groups.classId, student_id: w.admin.groups.studentToRemove },
      expect: 200,
    },
  ],
  'POST /api/v1/admin/group_classes/move_meeting': (w) => [
    {
      as,
      body: { meeting_id: w.admin.groups.meetingToMove, date: '2026-03-27', time: '16:00' },
      expect: 200,
    },
  ],
  'POST /api/v1/admin/group_classes/cancel_meeting': (w) => [
    { as, body: { meeting_id: w.admin.groups.meetingToCancel }, expect: 200 },
  ],
  'POST /api/v1/admin/group_classes/cancel_remaining': (w) => [
    { as, body: { class_id: w.admin.groups.classToEnd }, expect: 200 },
  ],
}
