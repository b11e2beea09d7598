import type { TeacherStudent, TeacherStudentsCreate } from '../../../domain/api/teachers.ts'
import type { AppContext, ServiceContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { englishIssue } from '../../platform/issue-english.ts'
import { consumeAll } from '../../platform/rate-limit.ts'
import type { User } from '../../platform/sessions.ts'
import { lockUser } from '../users/public.ts'
import {
  findAllowedStudents,
  findStudentsByEmail,
  findStudentsWithLessons,
  replaceAllowedStudents,
  type StudentRow,
} from './students-repository.ts'

// product-rules.md "Allowed students" (EditAllowedStudents) and teacher_students/list, /create and
// /teachers/list_students_with_lessons; teachers only (routes.ts).

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
 * "Select at least one student", product-rules.md "Validation"). Any student account (active or
 * invited) can be added by its e-mail, so a teacher who takes no new students and has none yet can
 * let their students in; an address with no student account fails the whole request with a field
 * error at its index, and nothing changes.
 */
export async function saveAllowedStudents(
  ctx: Pick<AppContext, 'db' | 'limiters' | 'changes'>,
  teacher: User,
  body: TeacherStudentsCreate,
): Promise<TeacherStudent[]> {
  // Each address not on the list yet is a lookup, counted per teacher before anything is read (a
  // refused one too: the answer tells whether the account exists).
  const saved = new Set((await findAllowedStudents(ctx.db, teacher.id)).map((row) => row.email.toLowerCase()))
  const lookups = [...new Set(body.emails)].filter((email) => !saved.has(email))
  await consumeAll(lookups.map(() => [ctx.limiters.teacherStudentLookupsPerTeacher, teacher.id]))
  await ctx.db.transaction(async (tx) => {
    // Replacements of one teacher's list queue up, so two at once cannot collide on the key.
    await lockUser(tx, teacher.id)
    const found = await findStudentsByEmail(tx, [...new Set(body.emails)])
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
  ctx.changes.publish({ kind: 'teacher', id: teacher.id })
  return listAllowedStudents(ctx, teacher)
}
