import type { FastifyInstance } from 'fastify'
import {
  adminLessonCancelBody,
  adminLessonShowQuery,
  adminLessonsQuery,
} from '../../../domain/api/admin-lessons.ts'
import { addDays, fromPolandLocal, parseDateKey } from '../../../domain/poland-time.ts'
import { parseInput } from '../../platform/validate.ts'
import { operatorActor, operatorWithSecondFactor } from './guard.ts'
import { listAdminLessons } from './lessons-repository.ts'
import { adminLessonDetail, cancelAsSchool, toAdminLesson } from './lessons-service.ts'

// The console's lessons: by date range, teacher, student and status; one lesson's
// details; the school's cancel with a reason and no penalty.

const polandDay = (key: string) => fromPolandLocal(parseDateKey(key))

export async function adminLessonsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const admin = { preHandler: operatorWithSecondFactor(app) }

  app.get('/admin/lessons/index', admin, async (request) => {
    const query = parseInput(adminLessonsQuery, request.query)
    const now = ctx.clock.now()
    const { rows, more } = await listAdminLessons(
      ctx.db,
      {
        from: query.date_from === undefined ? undefined : polandDay(query.date_from),
        to: query.date_to === undefined ? undefined : polandDay(addDays(query.date_to, 1)),
        teacherId: query.teacher_id,
        studentId: query.student_id,
        status: query.status,
        page: query.page,
        perPage: query.per_page,
      },
      now,
    )
    return { data: { lessons: rows.map((row) => toAdminLesson(row, now)), page: query.page, has_more: more } }
  })

  app.get('/admin/lessons/show', admin, async (request) => {
    const { lesson_id } = parseInput(adminLessonShowQuery, request.query)
    return { data: await adminLessonDetail(ctx, lesson_id, ctx.clock.now()) }
  })

  app.post('/admin/lessons/cancel', admin, async (request) => {
    const body = parseInput(adminLessonCancelBody, request.body)
    const data = await cancelAsSchool(
      ctx,
      { lessonId: body.lesson_id, reason: body.reason },
      operatorActor(request),
    )
    return { data }
  })
}
