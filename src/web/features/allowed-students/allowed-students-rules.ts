import type { TeacherStudent } from '../../../domain/api/teachers.ts'
import type { IssueCode } from '../../../domain/validation/issues.ts'
import type { AllowedStudentsChoice } from '../../api/teacher-students.ts'

// EditAllowedStudents (product-rules.md "Allowed students"): a teacher either accepts new students
// or lets only the chosen ones book; then at least one must be chosen ("Select at least one
// student").

export type AllowedStudentsValues = { accepting: boolean; emails: string[] }

/**
 * The students the dialog offers: those with lessons with the teacher, plus anyone already on the
 * allowed list (so nobody is dropped silently), sorted by name.
 */
export function offeredStudents(withLessons: TeacherStudent[], allowed: TeacherStudent[]): TeacherStudent[] {
  const byEmail = new Map([...withLessons, ...allowed].map((student) => [student.email, student]))
  return [...byEmail.values()].sort((a, b) => studentName(a).localeCompare(studentName(b), 'pl'))
}

/** The dialog's starting point: the profile's flag and the saved list ticked. */
export function initialAllowedValues(
  notAccepting: boolean,
  allowed: TeacherStudent[],
): AllowedStudentsValues {
  return { accepting: !notAccepting, emails: allowed.map((student) => student.email) }
}

/** product-rules.md "Validation": not accepting new students needs at least one chosen student. */
export function allowedStudentsProblem(values: AllowedStudentsValues): IssueCode | null {
  return !values.accepting && values.emails.length === 0 ? 'student_required' : null
}

/** What is saved: accepting everyone, or the chosen students' e-mails. */
export function toChoice(values: AllowedStudentsValues): AllowedStudentsChoice {
  return values.accepting ? { accepting: true } : { accepting: false, emails: values.emails }
}

/** A row of the dialog's list: a known student, or an address the teacher added. */
export type StudentOption = { email: string; label: string; description: string | null; added: boolean }

/** The offered students, then the addresses added by hand that are not among them. */
export function studentOptions(offered: TeacherStudent[], added: string[]): StudentOption[] {
  const known = new Set(offered.map((student) => student.email))
  return [
    ...offered.map((student) => {
      const label = studentName(student)
      return {
        email: student.email,
        label,
        description: label === student.email ? null : student.email,
        added: false,
      }
    }),
    ...added
      .filter((email) => !known.has(email))
      .map((email) => ({ email, label: email, description: null, added: true })),
  ]
}

const EMAIL_FIELD = /^emails\.(\d+)$/

/** The addresses of `sent` a refused save names (`emails.<index>`, the server's student_unknown). */
export function refusedEmails(fieldErrors: { field: string }[], sent: string[]): Set<string> {
  return new Set(
    fieldErrors.flatMap((error) => {
      const index = EMAIL_FIELD.exec(error.field)?.[1]
      const email = index === undefined ? undefined : sent[Number(index)]
      return email === undefined ? [] : [email]
    }),
  )
}

/** "Julia Jankowska", or the e-mail when the student has no name yet. */
export function studentName(student: TeacherStudent): string {
  const name = [student.first_name, student.last_name].filter(Boolean).join(' ')
  return name || student.email
}
