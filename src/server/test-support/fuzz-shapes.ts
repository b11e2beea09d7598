import { MATERIAL_FIELDS } from '../../domain/api/my-lessons.ts'
import { TEST_PASSWORD } from './fixtures.ts'
import { ADMIN_SHAPES } from './fuzz-shapes-admin.ts'
import { ADMIN_GROUP_CLASSES_SHAPES } from './fuzz-shapes-admin-group-classes.ts'
import { ADMIN_LESSONS_SHAPES } from './fuzz-shapes-admin-lessons.ts'
import { ADMIN_PEOPLE_SHAPES } from './fuzz-shapes-admin-people.ts'
import { AI_LESSON_SHAPES } from './fuzz-shapes-ai-lesson.ts'
import { GROUP_TAB_SHAPES } from './fuzz-shapes-group-tab.ts'
import { NOTIFICATION_SHAPES } from './fuzz-shapes-notifications.ts'
import { PUSH_SHAPES } from './fuzz-shapes-push.ts'
import { RECAP_SHAPES } from './fuzz-shapes-recaps.ts'
import { SMS_SHAPES } from './fuzz-shapes-sms.ts'
import type { Caller, World } from './fuzz-world.ts'
import { teacherSignUpPayload, VALID_DESCRIPTION } from './registration.ts'
import { mp4File, type Part, pdfFile, pngFile } from './sample-files.ts'

// The request shape of every API route, for the fuzz (fuzz.integration.test.ts): a request that
// succeeds, whose every field the fuzz then replaces, removes and multiplies. The fuzz fails for a
// route without a shape here, so a new endpoint cannot go unprobed. Routes run in this order
// (writes that use something up come after the reads that need it).

export type Multipart = {
  /** The JSON `payload` part (registration, profile updates) … */
  payload?: unknown
  /** … or plain text parts (lesson materials), each sent as String(value). */
  fields?: Record<string, unknown>
  files: Record<string, Part>
}

export type Shape = {
  /** Who sends the variants; every other caller sends the unmodified request once. */
  as: Caller
  query?: Record<string, string>
  /** Path parameters (`:key`). */
  params?: Record<string, string>
  body?: Record<string, unknown>
  multipart?: Multipart
  /** Bytes sent as application/octet-stream (a recording's chunk). */
  raw?: Buffer
  /** false: only `as` sends it (a sign-out with another caller's token would end their session). */
  otherCallers?: false
  /** The write honours an Idempotency-Key. */
  idempotent?: boolean
  /** The status of the unmodified request, which is sent first. */
  expect: number
}

const png = (): Part => ({ bytes: pngFile(), filename: 'me.png', type: 'image/png' })
const pdf = (): Part => ({ bytes: pdfFile(), filename: 'notes.pdf', type: 'application/pdf' })
const get = (as: Caller, query?: Record<string, string>): Shape[] => [
  { as, expect: 200, ...(query ? { query } : {}) },
]
const week = { date_from: '2026-03-09', date_to: '2026-03-22', page: '1', per_page: '20' }
const NEW_PASSWORD = 'New-password-2026'

const studentDetails = {
  first_name: 'julia',
  last_name: 'JANKOWSKA',
  phone_number: '513 444 555',
  date_of_birth: '2001-01-23',
  password: NEW_PASSWORD,
  password_confirmation: NEW_PASSWORD,
  user_rules_agreed: true,
  voice_recording_agreed: true,
  commercial_email_consent: true,
  locale: 'en',
}

export const FUZZ_SHAPES: Record<string, (w: World) => Shape[]> = {
  'GET /api/v1/health': () => get('anonymous'),
  // For load balancers.
  'GET /api/v1/health/live': () => get('anonymous'),
  'GET /api/v1/health/ready': () => get('anonymous'),
  // Not found without METRICS_TOKEN, as for any unknown address (the fuzz's app has none).
  'GET /metrics': () => [{ as: 'anonymous', expect: 404 }],
  'GET /api/v1/languages/list': () => get('anonymous'),
  'GET /api/v1/levels/list': () => get('anonymous'),
  'GET /api/v1/specializations/list': () => get('anonymous'),
  'GET /api/v1/settings/show': () => get('student'),
  'GET /api/v1/students/me': () => get('student'),
  'GET /api/v1/teachers/me': () => get('teacher'),
  'POST /api/v1/users/sign_in': (w) => [
    {
      as: 'anonymous',
      body: { email: w.signInEmail, password: TEST_PASSWORD, remember: false },
      expect: 200,
    },
  ],
  'POST /api/v1/users/sign_out': () => [{ as: 'anonymous', body: {}, otherCallers: false, expect: 200 }],
  'POST /api/v1/users/reset_password': (w) => [
    { as: 'anonymous', body: { email: w.resetEmail }, expect: 200 },
  ],
  'POST /api/v1/users/validate_reset_token': (w) => [
    { as: 'anonymous', body: { reset_token: w.resetToken }, expect: 200 },
  ],
  'POST /api/v1/users/validate_email': () => [
    { as: 'anonymous', body: { email: 'free.address@example.com' }, expect: 200 },
  ],
  'POST /api/v1/users/update_password': (w) => [
    {
      as: 'anonymous',
      body: { reset_token: w.resetToken, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      expect: 200,
    },
  ],
  'POST /api/v1/students/accept_invitation': (w) => [
    { as: 'anonymous', body: { invitation_token: w.invitationToken }, expect: 200 },
  ],
  'POST /api/v1/teachers/sign_up': () => [
    {
      as: 'anonymous',
      multipart: {
        payload: teacherSignUpPayload(),
        files: { image: png(), video: { bytes: mp4File(), filename: 'me.mp4', type: 'video/mp4' } },
      },
      expect: 201,
    },
  ],
  'POST /api/v1/students/sign_up': () => [
    { as: 'newStudent', multipart: { payload: studentDetails, files: { image: png() } }, expect: 200 },
  ],
  'GET /api/v1/students/show': (w) => get('teacher', { user_id: w.student.id }),
  'GET /api/v1/teachers/show': (w) => get('student', { teacher_id: w.teacher.id }),
  'POST /api/v1/students/update': () => [
    { as: 'student', body: { about: 'Lubię podróże.', locale: 'pl' }, expect: 200 },
    { as: 'student', multipart: { payload: { about: 'Lubię góry.' }, files: { image: png() } }, expect: 200 },
  ],
  'POST /api/v1/teachers/update': () => [
    {
      as: 'teacher',
      body: { description: VALID_DESCRIPTION, not_accepting_new_students: false },
      expect: 200,
    },
    {
      as: 'teacher',
      multipart: { payload: { social_links: ['https://example.com/anna'] }, files: {} },
      expect: 200,
    },
  ],
  'GET /api/v1/teachers/search': () =>
    get('student', {
      language_id: '1',
      teaching_language_id: '2',
      level_id: '3',
      specialization_id: '7',
      day: '2026-03-16',
      time: JSON.stringify({ from: '08:00', to: '12:00' }),
      page: '1',
      per_page: '10',
    }),
  // The language onboarding and the school's preview.
  'GET /api/v1/language_onboardings/check_teacher_existence': () =>
    get('student', { language_id: '1', teaching_language_id: '2', level_id: '3', specialization_id: '7' }),
  'POST /api/v1/language_onboardings/report_lack_of_slots': () => [
    {
      as: 'student',
      body: {
        language_id: 1,
        teaching_language_id: 2,
        level_id: 3,
        specialization_id: 7,
        date: '2026-03-16',
        hour: '18:00',
      },
      expect: 201,
    },
  ],
  'GET /api/v1/teachers/dummy': () => get('student'),
  'GET /api/v1/lessons/dummy': () => get('student'),
  'GET /api/v1/teachers/timetables/show': (w) =>
    get('student', { teacher_id: w.teacher.id, date_from: '2026-03-09', date_to: '2026-03-22' }),
  'GET /api/v1/teachers/it_teachers': () => get('student'),
  'GET /api/v1/teachers/list_students_with_lessons': () => get('teacher'),
  'GET /api/v1/teacher_students/list': () => get('teacher'),
  'POST /api/v1/teacher_students/create': (w) => [
    { as: 'teacher', body: { emails: [w.student.email] }, expect: 200 },
  ],
  'POST /api/v1/lessons/create': (w) => [
    {
      as: 'student',
      body: { language_id: 1, level_id: 3, teacher_id: w.teacher.id, time_slot_ids: [w.freeSlot] },
      idempotent: true,
      expect: 201,
    },
  ],
  'GET /api/v1/lessons/list_scheduled': () => get('student'),
  'GET /api/v1/lessons/list_finished': () => get('student', week),
  'GET /api/v1/lessons/list_group': () => get('student', week),
  'GET /api/v1/lessons/show': (w) => get('student', { lesson_id: w.lessons.upcoming }),
  'GET /api/v1/lessons/download_file': (w) =>
    get('student', { lesson_id: w.lessons.upcoming, file_id: w.files.download }),
  'POST /api/v1/lessons/update': (w) => [
    {
      as: 'student',
      body: { lesson_id: w.lessons.upcoming, note: 'Powtórzyć czasy.' },
      idempotent: true,
      expect: 200,
    },
    {
      as: 'teacher',
      body: { lesson_id: w.lessons.upcoming, teacher_memos: 'Czasy.' },
      idempotent: true,
      expect: 200,
    },
    {
      as: 'teacher',
      multipart: {
        fields: { [MATERIAL_FIELDS.lessonId]: w.lessons.upcoming, [MATERIAL_FIELDS.filename]: 'plan.pdf' },
        files: { [MATERIAL_FIELDS.file]: pdf() },
      },
      idempotent: true,
      expect: 200,
    },
  ],
  'GET /api/v1/lessons/remove_file': (w) => [
    { as: 'teacher', query: { lesson_id: w.lessons.upcoming, file_id: w.files.removable[0] }, expect: 200 },
  ],
  'POST /api/v1/lessons/remove_file': (w) => [
    { as: 'teacher', query: { lesson_id: w.lessons.upcoming, file_id: w.files.removable[1] }, expect: 200 },
  ],
  'POST /api/v1/lessons/cancel': (w) => [
    {
      as: 'student',
      body: { lesson_id: w.lessons.cancellable, cancellation_reason: 'Choroba' },
      idempotent: true,
      expect: 200,
    },
  ],
  // The lesson room; the socket itself is probed by room/*.integration.test.ts.
  'POST /api/v1/lessons/generate_token': (w) => [
    { as: 'student', body: { lesson_id: w.lessons.now }, expect: 200 },
  ],
  'GET /api/v1/lessons/room': () => [{ as: 'student', query: { token: 'abc.def' }, expect: 426 }],
  // LearnCube's script asks with a grant only (the fuzz's app has no LearnCube, and a
  // grant it did not sign is refused); providers.integration.test.ts probes the grants themselves.
  'GET /api/v1/learncube/validate': () => [{ as: 'anonymous', query: { grant: 'abc.def' }, expect: 401 }],
  'POST /api/v1/learncube/validate': () => [{ as: 'anonymous', query: { grant: 'abc.def' }, expect: 401 }],
  'GET /api/v1/lessons/chat': (w) => get('teacher', { lesson_id: w.lessons.now }),
  'POST /api/v1/lessons/chat': (w) => [
    {
      as: 'student',
      body: {
        lesson_id: w.lessons.now,
        body: 'Dzień dobry!',
        client_id: '7f0c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
      },
      expect: 200,
    },
  ],
  // The teacher records the lesson in its room; the world's other lesson in its window
  // holds a recording already started, which takes the chunks.
  'POST /api/v1/lessons/archives/create': (w) => [
    { as: 'teacher', body: { lesson_id: w.lessons.now }, expect: 201 },
  ],
  'POST /api/v1/lessons/archives/add_stream': (w) => [
    { as: 'teacher', body: { lesson_id: w.lessons.now, stream_id: 'screen' }, expect: 200 },
  ],
  'POST /api/v1/lessons/archives/chunks': (w) => [
    { as: 'teacher', query: { archive_id: w.recording, seq: '0' }, raw: w.recordingChunk, expect: 200 },
  ],
  'GET /api/v1/lessons/archives/list': (w) => get('student', { lesson_id: w.lessons.now }),
  'POST /api/v1/lesson_images/create': (w) => [
    {
      as: 'teacher',
      multipart: { fields: { lesson_id: w.lessons.now }, files: { file: png() } },
      expect: 201,
    },
  ],
  'POST /api/v1/lesson_voice_recordings/create': (w) => [
    {
      as: 'student',
      multipart: {
        fields: { lesson_id: w.lessons.now, duration_ms: '3000' },
        files: { file: { bytes: w.recordingChunk, filename: 'voice.webm', type: 'audio/webm' } },
      },
      expect: 201,
    },
  ],
  'POST /api/v1/lessons/archives/stop': (w) => [
    { as: 'teacher', body: { lesson_id: w.lessons.now }, expect: 200 },
  ],
  'POST /api/v1/lesson_interactions/create': (w) => [
    { as: 'teacher', body: { lesson_id: w.lessons.now, kind: 'camera_on' }, expect: 201 },
  ],
  'POST /api/v1/lessons/report_absence': (w) => [
    {
      as: 'student',
      body: { lesson_id: w.lessons.finished, absentee_id: w.teacher.id, note: 'Nie połączył się.' },
      idempotent: true,
      expect: 200,
    },
  ],
  'POST /api/v1/ratings/create': (w) => [
    { as: 'student', body: { lesson_id: w.lessons.finished, value: 5, comment: 'Świetnie!' }, expect: 200 },
  ],
  'POST /api/v1/ratings/update': (w) => [
    { as: 'student', body: { lesson_id: w.lessons.finished, value: 4, comment: 'Dobrze.' }, expect: 200 },
  ],
  'GET /api/v1/files/:key': (w) => [
    {
      as: 'anonymous',
      params: { key: w.signedFile.key },
      query: { expires: w.signedFile.expires, sig: w.signedFile.sig },
      expect: 200,
    },
  ],
  'POST /api/v1/teachers/timetables/update': () => [
    {
      as: 'teacher',
      body: {
        cyclical: true,
        weekdays: { '1': [{ start: '08:00', end: '12:00' }], '3': [] },
        dates: { '2026-03-20': [{ start: '09:00', end: '10:00' }] },
      },
      expect: 200,
    },
  ],
  ...AI_LESSON_SHAPES,
  ...PUSH_SHAPES,
  ...NOTIFICATION_SHAPES,
  ...SMS_SHAPES,
  ...GROUP_TAB_SHAPES,
  ...RECAP_SHAPES,
  ...ADMIN_SHAPES,
  ...ADMIN_LESSONS_SHAPES,
  ...ADMIN_PEOPLE_SHAPES,
  ...ADMIN_GROUP_CLASSES_SHAPES,
}
