import type { Lesson, LessonFile, LessonPage } from '../../domain/api/my-lessons.ts'
import { STUDENT_ID, TEACHER_ID } from './profile-fixture.ts'

// Lessons as the lessons/* answers give them (domain/api/my-lessons.ts), for unit tests.

export const lessonId = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`
export const fileId = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** A scheduled lesson of Julia Jankowska with Anna Nowak, English B1, as the student sees it. */
export function lessonFixture(overrides: Partial<Lesson> = {}): Lesson {
  const id = overrides.id ?? lessonId(1)
  return {
    id,
    lesson_id: id,
    room_token: null,
    is_learncube: false,
    is_group: false,
    scheduled_at: '2026-11-25T07:00:00.000Z',
    ends_at: '2026-11-25T07:45:00.000Z',
    finished_at: null,
    cancelled_at: null,
    canceled: false,
    cancelled_by_role: null,
    cancellation_reason: null,
    status: 'scheduled',
    language: { id: 1, name: 'English', name_pl: 'angielski' },
    level: { id: 3, name: 'B1' },
    fullName: 'Anna Nowak',
    teacher: { id: TEACHER_ID, first_name: 'Anna', last_name: 'Nowak', image_url: null },
    student: { id: STUDENT_ID, first_name: 'Julia', last_name: 'Jankowska', image_url: null },
    note: null,
    teacher_memos: null,
    student_memos: null,
    rating: null,
    rate: null,
    lesson_files: [],
    my_absence_report: null,
    attendance: [],
    recordings: [],
    voice_recordings: [],
    group: null,
    ...overrides,
  }
}

/** The same lesson as its teacher sees it (the other party is the student). */
export const teacherLessonFixture = (overrides: Partial<Lesson> = {}) =>
  lessonFixture({ fullName: 'Julia Jankowska', ...overrides })

export function finishedLessonFixture(overrides: Partial<Lesson> = {}): Lesson {
  return lessonFixture({
    scheduled_at: '2026-11-20T07:00:00.000Z',
    ends_at: '2026-11-20T07:45:00.000Z',
    finished_at: '2026-11-20T07:45:00.000Z',
    status: 'finished',
    ...overrides,
  })
}

export function fileFixture(overrides: Partial<LessonFile> = {}): LessonFile {
  const id = overrides.id ?? fileId(1)
  return {
    id,
    filename: 'slowka.pdf',
    file_url: `/api/v1/lessons/download_file?lesson_id=${lessonId(1)}&file_id=${id}`,
    type: 'teacher',
    content_type: 'pdf',
    size: 204_800,
    created_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  }
}

export const pageOf = (lessons: Lesson[], page = 1, lastPage = 1): LessonPage => ({
  data: lessons,
  currentPage: page,
  lastPage,
  perPage: 20,
  total: lessons.length + (lastPage - 1) * 20,
})

export const scheduledAnswer = (lessons: Lesson[], voiceSampleProvided = true) => ({
  status: 200,
  body: {
    data: {
      lessons,
      voice_sample_provided: voiceSampleProvided,
      scheduled_lessons_limit_per_student: 2,
    },
  },
})
