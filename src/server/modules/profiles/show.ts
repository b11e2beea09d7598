import type { StudentSummary, TeacherSummary } from '../../../domain/api/profile.ts'
import { TEACHER_REVIEWS_SHOWN } from '../../../domain/constants.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { isAllowedStudent } from '../lessons/public.ts'
import { recentTeacherReviews } from '../ratings/public.ts'
import { isOwnStudent } from '../teachers/public.ts'
import { findActiveUser, findUserLanguages, toStudentSummary, toTeacherSummary } from '../users/public.ts'

type ShowContext = Pick<AppContext, 'db' | 'fileUrls' | 'clock'>

/**
 * GET /teachers/show: any signed-in user may see a verified, active teacher. For a student,
 * not_accepting_new_students says whether the teacher refuses *them* (not on the allowed list), as
 * the search and timetables/show say it; a teacher sees the teacher's setting.
 * The newest rating comments come along, their students named by first name and initial.
 */
export async function showTeacher(
  ctx: ShowContext,
  viewer: User,
  teacherId: string,
): Promise<TeacherSummary> {
  const teacher = await findActiveUser(ctx.db, teacherId, 'teacher')
  if (!teacher) throw new AppError('not_found')
  const [languages, reviews] = await Promise.all([
    findUserLanguages(ctx.db, teacher.id),
    recentTeacherReviews(ctx.db, teacher.id, ctx.clock.now(), TEACHER_REVIEWS_SHOWN),
  ])
  const summary = toTeacherSummary(teacher, languages, ctx.fileUrls, reviews)
  if (viewer.role !== 'student' || !teacher.notAcceptingNewStudents) return summary
  return { ...summary, not_accepting_new_students: !(await isAllowedStudent(ctx.db, teacher.id, viewer.id)) }
}

/**
 * GET /students/show (product-rules.md "Roles and permissions"; docs/decisions.md "Who may open a
 * student's profile"): a student sees only their own profile ("You do not have permission to view
 * this student's profile"); a teacher sees only their own students — who have or had a lesson with
 * them, or are on their allowed list — and 404 for everyone else, as for an unknown id.
 */
export async function showStudent(
  ctx: ShowContext,
  viewer: User,
  studentId: string,
): Promise<StudentSummary> {
  // Refused before the lookup, so the answer does not tell whether the id exists.
  if (viewer.role !== 'teacher' && viewer.id !== studentId) throw new AppError('student_profile_forbidden')
  if (viewer.role === 'teacher' && !(await isOwnStudent(ctx.db, viewer.id, studentId))) {
    throw new AppError('not_found')
  }
  const student = await findActiveUser(ctx.db, studentId, 'student')
  if (!student) throw new AppError('not_found')
  return toStudentSummary(student, await findUserLanguages(ctx.db, student.id), ctx.fileUrls)
}
