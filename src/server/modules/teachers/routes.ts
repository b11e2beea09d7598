import type { FastifyInstance } from 'fastify'
import { teacherSearchQuery, teacherStudentsCreateSchema } from '../../../domain/api/teachers.ts'
import { currentUser, currentUserWithRole } from '../../platform/auth.ts'
import { parseInput } from '../../platform/validate.ts'
import { listAllowedStudents, listStudentsWithLessons, saveAllowedStudents } from './allowed-students.ts'
import { listItTeachers, searchTeachers } from './service.ts'

// With authentication: GET /teachers/search (any signed-in user; the paginated wrapper of
// product-rules.md "Records and fields" is the answer itself, not wrapped in `data`), GET
// /teachers/it_teachers (partner company users, product-rules.md "Who uses it"), GET
// /teachers/list_students_with_lessons, GET teacher_students/list and POST teacher_students/create
// (teachers, product-rules.md "Roles and permissions").
export async function teacherRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.get('/teachers/search', guarded, async (request) =>
    searchTeachers(ctx, currentUser(request), parseInput(teacherSearchQuery, request.query)),
  )

  app.get('/teachers/it_teachers', guarded, async (request) => ({
    data: await listItTeachers(ctx, currentUser(request)),
  }))

  app.get('/teachers/list_students_with_lessons', guarded, async (request) => ({
    data: await listStudentsWithLessons(ctx, currentUserWithRole(request, 'teacher')),
  }))

  app.get('/teacher_students/list', guarded, async (request) => ({
    data: await listAllowedStudents(ctx, currentUserWithRole(request, 'teacher')),
  }))

  app.post('/teacher_students/create', guarded, async (request) => {
    const teacher = currentUserWithRole(request, 'teacher')
    return {
      data: await saveAllowedStudents(ctx, teacher, parseInput(teacherStudentsCreateSchema, request.body)),
    }
  })
}
