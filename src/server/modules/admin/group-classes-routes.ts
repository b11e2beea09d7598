import type { FastifyInstance } from 'fastify'
import {
  adminGroupClassesQuery,
  classIdBody,
  createGroupClassBody,
  enrolCompanyBody,
  enrolCsvBody,
  enrolStudentsBody,
  groupClassShowQuery,
  meetingIdBody,
  moveMeetingBody,
  removeStudentBody,
  updateGroupClassBody,
} from '../../../domain/api/admin-group-classes.ts'
import { parseInput } from '../../platform/validate.ts'
import { withFieldErrors } from './field-errors.ts'
import { enrolByCsv, enrolByIds, enrolCompany } from './group-classes-enrol.ts'
import { findGroupClasses } from './group-classes-repository.ts'
import {
  cancelGroupMeeting,
  cancelRemainingMeetings,
  createGroupClass,
  groupClassDetail,
  moveGroupMeeting,
  removeGroupStudent,
  toGroupClass,
  updateGroupClass,
} from './group-classes-service.ts'
import { operatorActor, operatorWithSecondFactor } from './guard.ts'

// The console's group classes (product-rules.md "Group classes"): the list by teacher, language,
// company and state; a class's page; and the school's writes, each answering the class as it is
// now (the enrolments answer what they did). Registered from adminRoutes; every route needs the
// second factor.

export async function adminGroupClassRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const admin = { preHandler: operatorWithSecondFactor(app) }

  app.get('/admin/group_classes/index', admin, async (request) => {
    const query = parseInput(adminGroupClassesQuery, request.query)
    const { rows, more } = await findGroupClasses(
      ctx.db,
      {
        teacherId: query.teacher_id,
        languageId: query.language_id,
        company: query.company || undefined,
        state: query.state,
        page: query.page,
        perPage: query.per_page,
      },
      ctx.clock.now(),
    )
    return { data: { classes: rows.map(toGroupClass), page: query.page, has_more: more } }
  })

  app.get('/admin/group_classes/show', admin, async (request) => {
    const { class_id } = parseInput(groupClassShowQuery, request.query)
    return { data: await groupClassDetail(ctx.db, class_id, ctx.clock.now()) }
  })

  app.post('/admin/group_classes/create', admin, async (request) => {
    const body = parseInput(createGroupClassBody, request.body)
    return { data: await createGroupClass(ctx, body, operatorActor(request)) }
  })

  app.post('/admin/group_classes/update', admin, async (request) => {
    const body = parseInput(updateGroupClassBody, request.body)
    const changes = {
      ...(body.title === undefined ? {} : { title: body.title }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.level_id === undefined ? {} : { levelId: body.level_id }),
      ...(body.capacity === undefined ? {} : { capacity: body.capacity }),
    }
    return { data: await updateGroupClass(ctx, body.class_id, changes, operatorActor(request)) }
  })

  app.post('/admin/group_classes/enrol', admin, async (request) => {
    const body = parseInput(enrolStudentsBody, request.body)
    return { data: await enrolByIds(ctx, body.class_id, body.student_ids, operatorActor(request)) }
  })

  app.post('/admin/group_classes/enrol_csv', admin, async (request) => {
    const body = parseInput(enrolCsvBody, request.body)
    return {
      data: await withFieldErrors('csv', () =>
        enrolByCsv(ctx, body.class_id, body.csv, operatorActor(request)),
      ),
    }
  })

  app.post('/admin/group_classes/enrol_company', admin, async (request) => {
    const body = parseInput(enrolCompanyBody, request.body)
    return { data: await enrolCompany(ctx, body.class_id, body.company_name, operatorActor(request)) }
  })

  app.post('/admin/group_classes/remove_student', admin, async (request) => {
    const body = parseInput(removeStudentBody, request.body)
    return { data: await removeGroupStudent(ctx, body.class_id, body.student_id, operatorActor(request)) }
  })

  app.post('/admin/group_classes/move_meeting', admin, async (request) => {
    const body = parseInput(moveMeetingBody, request.body)
    const to = { date: body.date, time: body.time }
    return { data: await moveGroupMeeting(ctx, body.meeting_id, to, operatorActor(request)) }
  })

  app.post('/admin/group_classes/cancel_meeting', admin, async (request) => {
    const { meeting_id } = parseInput(meetingIdBody, request.body)
    return { data: await cancelGroupMeeting(ctx, meeting_id, operatorActor(request)) }
  })

  app.post('/admin/group_classes/cancel_remaining', admin, async (request) => {
    const { class_id } = parseInput(classIdBody, request.body)
    return { data: await cancelRemainingMeetings(ctx, class_id, operatorActor(request)) }
  })
}
