import type { FastifyInstance } from 'fastify'
import {
  adminTeachersQuery,
  rejectTeacherBody,
  teacherIdBody,
  updateTeacherBody,
} from '../../../domain/api/admin-teachers.ts'
import { parseInput } from '../../platform/validate.ts'
import { withFieldErrors } from './field-errors.ts'
import { operatorActor, operatorWithSecondFactor } from './guard.ts'
import {
  deactivateTeacher,
  listTeachers,
  reactivateTeacher,
  rejectTeacher,
  updateTeacher,
} from './teachers-service.ts'

// The console's Teachers: the list to review and run teachers by, and the operator's
// changes (verify: routes.ts). Registered from adminRoutes; every route needs the second factor.

export async function adminTeacherRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const admin = { preHandler: operatorWithSecondFactor(app) }

  app.get('/admin/teachers/index', admin, async (request) => {
    const query = parseInput(adminTeachersQuery, request.query)
    const { items, more } = await listTeachers(ctx, {
      status: query.status,
      q: query.q || undefined,
      page: query.page,
      perPage: query.per_page,
    })
    const { video } = ctx.config
    return {
      data: {
        items,
        page: query.page,
        has_more: more,
        video: {
          default_provider: video.defaultProvider,
          vonage: video.vonage !== undefined,
          learncube: video.learncube !== undefined,
        },
      },
    }
  })

  app.post('/admin/teachers/reject', admin, async (request) => {
    const body = parseInput(rejectTeacherBody, request.body)
    const result = await withFieldErrors('teacher_id', () =>
      rejectTeacher(ctx, body.teacher_id, body.reason, operatorActor(request)),
    )
    return { data: { teacher: result.teacher, mail_sent: result.mailSent } }
  })

  app.post('/admin/teachers/deactivate', admin, async (request) => {
    const { teacher_id } = parseInput(teacherIdBody, request.body)
    return {
      data: await withFieldErrors('teacher_id', () =>
        deactivateTeacher(ctx, teacher_id, operatorActor(request)),
      ),
    }
  })

  app.post('/admin/teachers/reactivate', admin, async (request) => {
    const { teacher_id } = parseInput(teacherIdBody, request.body)
    return {
      data: await withFieldErrors('teacher_id', () =>
        reactivateTeacher(ctx, teacher_id, operatorActor(request)),
      ),
    }
  })

  app.post('/admin/teachers/update', admin, async (request) => {
    const body = parseInput(updateTeacherBody, request.body)
    const changes = {
      ...(body.monthly_cap === undefined ? {} : { monthlyCap: body.monthly_cap }),
      ...(body.video_provider === undefined ? {} : { videoProvider: body.video_provider }),
      ...(body.learncube === undefined ? {} : { learncube: body.learncube }),
    }
    return {
      data: await withFieldErrors('teacher_id', () =>
        updateTeacher(ctx, body.teacher_id, changes, operatorActor(request)),
      ),
    }
  })
}
