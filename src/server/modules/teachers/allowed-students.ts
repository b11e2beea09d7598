import type { TeacherStudent, TeacherStudentsCreate } from '../../../domain/api/teachers.ts'
import { englishIssue } from '../../../domain/validation/issues.ts'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { boardTeacherChanged } from '../board/teacher-board.ts'
import { lockUser } from '../users/repository.ts'
import {
  findAllowedStudents,
  findLessonStudentsByEmail,
  findStudentsWithLessons,
  replaceAllowedStudents,
  type StudentRow,
} from './students-repository.ts'

// spec §4 allowed students (EditAllowedStudents) and spec §7 teacher_students/list, /create and
// /teachers/list_students_with_lessons (issue #4 item 6); teachers only (routes.ts).

type StudentsContext = Pick<ServiceContext, 'db'>

const toTeacherStudent = (row: StudentRow): TeacherStudent => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
})

export async function listAllowedStudents(ctx: StudentsContext, teacher: User): Promise<TeacherStudent[]> {
  return (await findAllowedStudents(ctx.db, teacher.id)).map(toTeacherStudent)
}

export async function listStudentsWithLessons(
  ctx: StudentsContext,
  teacher: User,
): Promise<TeacherStudent[]> {
  return (await findStudentsWithLessons(ctx.db, teacher.id)).map(toTeacherStudent)
}

/**
 * POST teacher_students/create: the list becomes exactly `emails` (at least one — the schema says
 * "Select at least one student", spec §5). Only students who have or had a lesson with this
 * teacher can be chosen (spec §4: the dialog offers the teacher's students); any other address
 * fails the whole request with a field error at its index, and nothing changes.
 */
export async function saveAllowedStudents(
  ctx: StudentsContext,
  teacher: User,
  body: TeacherStudentsCreate,
): Promise<TeacherStudent[]> {
  await ctx.db.transaction(async (tx) => {
    // Replacements of one teacher's list queue up, so two at once cannot collide on the key.
    await lockUser(tx, teacher.id)
    const found = await findLessonStudentsByEmail(tx, teacher.id, [...new Set(body.emails)])
    const byEmail = new Map(found.map((row) => [row.email.toLowerCase(), row.id]))
    const errors = body.emails.flatMap((email, index) =>
      byEmail.has(email)
        ? []
        : [
            {
              field: `emails.${index}`,
              code: 'student_unknown',
              message: englishIssue({ code: 'student_unknown', param: '' }),
            },
          ],
    )
    if (errors.length > 0) throw new AppError('validation_failed', { errors })
    await replaceAllowedStudents(tx, teacher.id, [...new Set(byEmail.values())])
  })
  boardTeacherChanged(teacher.id)
  return listAllowedStudents(ctx, teacher)
}
