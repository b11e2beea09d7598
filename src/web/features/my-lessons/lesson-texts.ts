import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'

// A lesson has three texts (product-rules.md "Notes and memos"); each has one writer and one reader
// (docs/decisions.md "The lesson note and the two memos, for a user"), and each party names them
// after whom they are for, so nobody takes one for another:
// - note: the student's message to the teacher (AddNote), read by the teacher on the lesson;
// - teacher_memos: the teacher's notes for the student (homework, words), read by the student;
// - student_memos: the student's own notebook, which the server never sends to the teacher.

export type LessonTextKind = 'note' | 'teacher_memos' | 'student_memos'

/** Each text as the party reading it sees it named (a teacher never reads the student memo). */
const READ_LABELS = {
  student: {
    note: msg`Twoja wiadomość dla lektora`,
    teacher_memos: msg`Notatki od lektora`,
    student_memos: msg`Moje notatki`,
  },
  teacher: {
    note: msg`Wiadomość od kursanta`,
    teacher_memos: msg`Twoje notatki dla kursanta`,
  },
} satisfies Record<Role, Partial<Record<LessonTextKind, MessageDescriptor>>>

/** The order a reader meets them: what the student asked, the teacher's notes, own notes last. */
const READ_ORDER: Record<Role, LessonTextKind[]> = {
  student: ['note', 'teacher_memos', 'student_memos'],
  teacher: ['note', 'teacher_memos'],
}

export type WrittenText = { kind: LessonTextKind; label: MessageDescriptor; text: string }

/**
 * A meeting's teacher reads it through one student's place: that student's note is not the class's,
 * and the memo is the group's (docs/decisions.md "The group tab").
 */
const MEETING_TEACHER_LABELS = { teacher_memos: msg`Twoje notatki dla grupy` }

/** The texts of a lesson that are written, as `role` reads them, in reading order. */
export function writtenTexts(
  lesson: Pick<Lesson, LessonTextKind> & Partial<Pick<Lesson, 'group'>>,
  role: Role,
): WrittenText[] {
  const meeting = role === 'teacher' && lesson.group != null
  const labels: Partial<Record<LessonTextKind, MessageDescriptor>> = meeting
    ? MEETING_TEACHER_LABELS
    : READ_LABELS[role]
  return READ_ORDER[role].flatMap((kind) => {
    const text = lesson[kind]?.trim()
    const label = labels[kind]
    return text && label ? [{ kind, label, text }] : []
  })
}

/** The memo a role writes in LessonMemos: the teacher's notes for the student, or the student's own. */
export const ownMemo = (role: Role): 'teacher_memos' | 'student_memos' =>
  role === 'teacher' ? 'teacher_memos' : 'student_memos'
