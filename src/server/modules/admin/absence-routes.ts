import type { FastifyInstance } from 'fastify'
import { absenceReportsQuery, absenceResolveBody } from '../../../domain/api/admin-lessons.ts'
import { parseInput } from '../../platform/validate.ts'
import { listReports, toReportDtos } from './absence-repository.ts'
import { resolveAbsenceReport } from './absence-service.ts'
import { operatorActor, operatorWithSecondFactor } from './guard.ts'

// The console's absence reports (product-rules.md "Absence reports"): the queue with the room's
// attendance beside each claim, and the school's decision (its consequences: product-rules.md
// "Warning and ban", "Teacher penalties"; both parties told).

export async function adminAbsenceRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const admin = { preHandler: operatorWithSecondFactor(app) }

  app.get('/admin/absence_reports/index', admin, async (request) => {
    const query = parseInput(absenceReportsQuery, request.query)
    const { rows, more } = await listReports(ctx.db, {
      status: query.status,
      lessonId: query.lesson_id,
      page: query.page,
      perPage: query.per_page,
    })
    const reports = await toReportDtos(ctx.db, rows, ctx.clock.now())
    return { data: { reports, page: query.page, has_more: more } }
  })

  app.post('/admin/absence_reports/resolve', admin, async (request) => {
    const body = parseInput(absenceResolveBody, request.body)
    const result = await resolveAbsenceReport(
      ctx,
      { reportId: body.report_id, decision: body.decision, note: body.note },
      operatorActor(request),
    )
    return {
      data: {
        report: result.report,
        consequence: result.consequence,
        banned_until: result.bannedUntil?.toISOString() ?? null,
        mail_sent: result.mailSent,
      },
    }
  })
}
