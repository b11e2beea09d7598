import type { Lesson, LessonFile, LessonParty, LessonStatus } from '../../../domain/api/my-lessons.ts'
import type { FileUrls } from '../../platform/file-urls.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { languageRef } from '../dictionaries/public.ts'
import { mergeAttendance } from './attendance.ts'
import type { LessonFileView, LessonView } from './lesson-views-repository.ts'

// Lesson (product-rules.md "Records and fields") as one of its two parties sees it. Never the row:
// no storage keys, no other user's absence report.

type LessonTimes = { startsAt: Date; endsAt: Date; cancelledAt: Date | null }

/**
 * product-rules.md "States and transitions": cancelled wins; otherwise the lesson is finished once
 * its end has passed.
 */
export function lessonStatus(lesson: LessonTimes, now: Date): LessonStatus {
  if (lesson.cancelledAt) return 'cancelled'
  return lesson.endsAt <= now ? 'finished' : 'scheduled'
}

/** The authenticated download of a material (the bearer token decides, not a signed URL). */
export const materialUrl = (lessonId: string, fileId: string) =>
  `/api/v1/lessons/download_file?${new URLSearchParams({ lesson_id: lessonId, file_id: fileId })}`

const fullName = (person: { firstName: string | null; lastName: string | null }) =>
  [person.firstName, person.lastName].filter((part) => part).join(' ')

function toParty(person: LessonView['teacher'], fileUrls: Pick<FileUrls, 'url'>): LessonParty {
  return {
    id: person.id,
    first_name: person.firstName,
    last_name: person.lastName,
    image_url: fileUrls.url(person.imageKey),
  }
}

const toFile = (lessonId: string, file: LessonFileView): LessonFile => ({
  id: file.id,
  filename: file.filename,
  file_url: materialUrl(lessonId, file.id),
  type: file.owner_role,
  content_type: file.content_type,
  size: file.size,
  created_at: file.created_at,
})

function cancelledByRole(lesson: LessonView['lesson']): Lesson['cancelled_by_role'] {
  if (!lesson.cancelledBy) return null
  if (lesson.cancelledBy === lesson.teacherId) return 'teacher'
  return lesson.cancelledBy === lesson.studentId ? 'student' : null
}

/** A group lesson's class; the teacher's view of a meeting is one place, so only a student's own word. */
function groupOf(view: LessonView, viewer: Viewer): Lesson['group'] {
  const group = view.group
  if (!group?.classId || group.title === null) return null
  const absentAt = viewer.role === 'student' ? view.lesson.groupAbsentAt : null
  return { class_id: group.classId, title: group.title, absent_at: absentAt?.toISOString() ?? null }
}

export function toLesson(
  view: LessonView,
  viewer: Viewer,
  now: Date,
  fileUrls: Pick<FileUrls, 'url'>,
): Lesson {
  const { lesson } = view
  const status = lessonStatus(lesson, now)
  const other = viewer.role === 'student' ? view.teacher : view.student
  // A meeting's teacher reads it through one student's place: that one student's rating is not
  // the meeting's (docs/decisions.md "The group tab"); every rating counts in their average.
  const placeOfMeeting = viewer.role === 'teacher' && view.group?.classId
  const rating =
    view.ratingValue === null || placeOfMeeting
      ? null
      : { value: view.ratingValue, comment: view.ratingComment ?? '' }
  return {
    id: lesson.id,
    lesson_id: lesson.id,
    // product-rules.md "Records and fields": a LearnCube lesson names its classroom; the built-in
    // and Vonage rooms' tokens come from lessons/generate_token, fresh for each connection.
    room_token: lesson.isLearncube ? lesson.roomToken : null,
    is_learncube: lesson.isLearncube,
    is_group: lesson.isGroup,
    scheduled_at: lesson.startsAt.toISOString(),
    ends_at: lesson.endsAt.toISOString(),
    finished_at: status === 'finished' ? lesson.endsAt.toISOString() : null,
    cancelled_at: lesson.cancelledAt?.toISOString() ?? null,
    canceled: lesson.cancelledAt !== null,
    cancelled_by_role: cancelledByRole(lesson),
    cancellation_reason: lesson.cancellationReason,
    status,
    language: languageRef(view.language),
    level: { id: view.level.id, name: view.level.name },
    fullName: fullName(other),
    teacher: toParty(view.teacher, fileUrls),
    student: toParty(view.student, fileUrls),
    // Who reads what (docs/decisions.md "The lesson note and the two memos, for a user"): the note
    // is the student's message to the teacher and the teacher memo the teacher's notes for the
    // student (both read by both); the student memo is the student's own notebook, never sent to
    // the teacher, and product-rules.md "Notes and memos" hides it for group lessons.
    note: lesson.note,
    // product-rules.md "Notes and memos": a group lesson's teacher memo is its meeting's, written
    // once by the teacher and read by every enrolled student.
    teacher_memos: view.group?.classId ? view.group.memo : lesson.teacherMemos,
    student_memos: lesson.isGroup || viewer.role !== 'student' ? null : lesson.studentMemos,
    rating,
    // product-rules.md "Records and fields": "rating (…; also rate)" — the alias carries the same
    // value.
    rate: rating,
    lesson_files: view.files.map((file) => toFile(lesson.id, file)),
    my_absence_report: view.report,
    attendance: mergeAttendance(view.attendance),
    recordings: view.recordings,
    group: groupOf(view, viewer),
    voice_recordings: view.voiceRecordings.map((clip) => ({
      id: clip.id,
      url: fileUrls.url(clip.key) ?? '',
      size: clip.size,
      created_at: clip.created_at,
      duration_ms: clip.duration_ms,
    })),
  }
}
