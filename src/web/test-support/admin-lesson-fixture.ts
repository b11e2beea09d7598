import type { AdminAbsenceReport, AdminLesson, AdminLessonDetail } from '../../domain/api/admin-lessons.ts'

// The console's lessons and absence reports as the server answers them, for unit tests.

export const TEACHER = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Anna Nowak',
  email: 'anna@example.com',
}
export const STUDENT = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Jan Kowalski',
  email: 'jan@example.com',
}
export const LESSON_ID = '33333333-3333-4333-8333-333333333333'
export const REPORT_ID = '44444444-4444-4444-8444-444444444444'

export function adminLesson(overrides: Partial<AdminLesson> = {}): AdminLesson {
  return {
    id: LESSON_ID,
    // 1 December 2099, 18:00–18:45 Poland time (winter: UTC+1).
    starts_at: '2099-12-01T17:00:00.000Z',
    ends_at: '2099-12-01T17:45:00.000Z',
    teacher: TEACHER,
    student: { ...STUDENT, company_name: 'Partner SA' },
    language: { id: 1, name: 'English', name_pl: 'angielski' },
    level: { id: 3, name: 'B1' },
    status: 'scheduled',
    is_group: false,
    cancelled_at: null,
    cancelled_by: null,
    cancellation_reason: null,
    absence_reports: 0,
    open_absence_reports: 0,
    ...overrides,
  }
}

export function adminAbsenceReport(overrides: Partial<AdminAbsenceReport> = {}): AdminAbsenceReport {
  return {
    id: REPORT_ID,
    lesson: {
      id: LESSON_ID,
      starts_at: '2026-11-20T17:00:00.000Z',
      ends_at: '2026-11-20T17:45:00.000Z',
      status: 'finished',
      language: { id: 1, name: 'English', name_pl: 'angielski' },
      level: 'B1',
    },
    reporter: { ...TEACHER, role: 'teacher' },
    absentee: { ...STUDENT, role: 'student', warned_at: null, banned_until: null, penalties: 0 },
    note: 'Kursant nie przyszedł',
    absentee_joined: false,
    created_at: '2026-11-20T17:20:00.000Z',
    status: 'open',
    resolved_at: null,
    resolved_by: null,
    resolution_note: null,
    // The teacher waited in the room 18:00–18:44; the student never came.
    attendance: [
      {
        role: 'teacher',
        user_id: TEACHER.id,
        from: '2026-11-20T17:00:00.000Z',
        to: '2026-11-20T17:44:00.000Z',
      },
    ],
    ...overrides,
  }
}

export function adminLessonDetail(overrides: Partial<AdminLessonDetail> = {}): AdminLessonDetail {
  return {
    ...adminLesson(),
    note: null,
    rating: null,
    attendance: [],
    chat_messages: 0,
    sms: [],
    materials: [],
    recordings: [],
    voice_recordings: [],
    reports: [],
    penalties: [],
    ...overrides,
  }
}
