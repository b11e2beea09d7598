import type { FastifyInstance } from 'fastify'
import {
  adminStudentsQuery,
  inviteCsvBody,
  inviteStudentBody,
  resendInvitationBody,
  studentIdBody,
  updateStudentBody,
} from '../../../domain/api/admin-students.ts'
import { parseInput } from '../../platform/validate.ts'
import { withFieldErrors } from './field-errors.ts'
import { operatorActor, operatorWithSecondFactor } from './guard.ts'
import { inviteOne, previewCsv, resendOne, sendCsv } from './students-invitations.ts'
import { clearWarning, liftBan, listStudents, updateStudent } from './students-service.ts'

// The console's Students. Registered from adminRoutes; every route needs the second
// factor. The CSV travels as JSON text ({ csv }), read by the browser from the chosen file.

const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length

export async function adminStudentRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const admin = { preHandler: operatorWithSecondFactor(app) }

  app.get('/admin/students/index', admin, async (request) => {
    const query = parseInput(adminStudentsQuery, request.query)
    const { items, more } = await listStudents(ctx, {
      status: query.status,
      q: query.q || undefined,
      company: query.company || undefined,
      page: query.page,
      perPage: query.per_page,
    })
    return { data: { items, page: query.page, has_more: more } }
  })

  app.post('/admin/students/invite', admin, async (request) => {
    const body = parseInput(inviteStudentBody, request.body)
    const student = {
      email: body.email,
      humanAccess: body.human_access,
      aiAccess: body.ai_access,
      onlyGroupLessons: body.only_group_lessons,
      activeUntil: body.active_until,
      companyName: body.company_name || null,
      locale: body.locale,
    }
    const result = await withFieldErrors('email', () => inviteOne(ctx, student, operatorActor(request)))
    return { data: { student: result.student, resent: result.resent, mail_sent: result.mailSent } }
  })

  app.post('/admin/students/resend_invitation', admin, async (request) => {
    const { student_id } = parseInput(resendInvitationBody, request.body)
    const result = await withFieldErrors('student_id', () =>
      resendOne(ctx, student_id, operatorActor(request)),
    )
    return { data: { student: result.student, mail_sent: result.mailSent } }
  })

  app.post('/admin/students/invite_csv/preview', admin, async (request) => {
    const { csv } = parseInput(inviteCsvBody, request.body)
    const rows = await withFieldErrors('csv', () => previewCsv(ctx, csv))
    const valid = count(rows, (row) => row.values !== null)
    return { data: { rows, total: rows.length, valid, invalid: rows.length - valid } }
  })

  app.post('/admin/students/invite_csv/send', admin, async (request) => {
    const { csv } = parseInput(inviteCsvBody, request.body)
    const rows = await withFieldErrors('csv', () => sendCsv(ctx, csv, operatorActor(request)))
    return {
      data: {
        rows,
        invited: count(rows, (row) => row.outcome === 'invited'),
        not_sent: count(rows, (row) => row.outcome === 'not_sent'),
        mail_failed: count(rows, (row) => row.outcome === 'mail_failed'),
      },
    }
  })

  app.post('/admin/students/update', admin, async (request) => {
    const body = parseInput(updateStudentBody, request.body)
    const changes = {
      ...(body.active_until === undefined ? {} : { activeUntil: body.active_until }),
      ...(body.human_access === undefined ? {} : { humanAccess: body.human_access }),
      ...(body.ai_access === undefined ? {} : { aiAccess: body.ai_access }),
      ...(body.only_group_lessons === undefined ? {} : { onlyGroupLessons: body.only_group_lessons }),
      ...(body.lesson_limit === undefined ? {} : { lessonLimit: body.lesson_limit }),
    }
    return {
      data: await withFieldErrors('student_id', () =>
        updateStudent(ctx, body.student_id, changes, operatorActor(request)),
      ),
    }
  })

  app.post('/admin/students/lift_ban', admin, async (request) => {
    const { student_id } = parseInput(studentIdBody, request.body)
    return {
      data: await withFieldErrors('student_id', () => liftBan(ctx, student_id, operatorActor(request))),
    }
  })

  app.post('/admin/students/clear_warning', admin, async (request) => {
    const { student_id } = parseInput(studentIdBody, request.body)
    return {
      data: await withFieldErrors('student_id', () => clearWarning(ctx, student_id, operatorActor(request))),
    }
  })
}
