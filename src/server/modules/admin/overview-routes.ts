import type { FastifyInstance } from 'fastify'
import { overviewQuery } from '../../../domain/api/admin-overview.ts'
import { addDays } from '../../../domain/poland-time.ts'
import { AppError } from '../../platform/errors.ts'
import { parseInput } from '../../platform/validate.ts'
import { operatorWithSecondFactor } from './guard.ts'
import { overview } from './overview-service.ts'

// The console's overview: GET /admin/overview?weeks=N (default 12, at most 52), and
// the period of the teachers' booked shares (date_from/date_to, Poland days, at most a year).

const MAX_PERIOD_DAYS = 366

export async function adminOverviewRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  app.get('/admin/overview', { preHandler: operatorWithSecondFactor(app) }, async (request) => {
    const query = parseInput(overviewQuery, request.query)
    const { date_from: from, date_to: to } = query
    if (from !== undefined && to !== undefined) {
      if (to < from)
        throw new AppError('validation_failed', {
          errors: [{ field: 'date_to', message: 'The end must be after the start', code: 'time_window' }],
        })
      if (addDays(from, MAX_PERIOD_DAYS) <= to)
        throw new AppError('validation_failed', {
          errors: [
            {
              field: 'date_to',
              message: `Choose at most ${MAX_PERIOD_DAYS} days`,
              code: 'range_too_long',
              param: String(MAX_PERIOD_DAYS),
            },
          ],
        })
    } else if ((from === undefined) !== (to === undefined)) {
      const field = from === undefined ? 'date_from' : 'date_to'
      throw new AppError('validation_failed', {
        errors: [{ field, message: 'This field is required', code: 'required' }],
      })
    }
    return { data: await overview(ctx, { weeks: query.weeks, dateFrom: from, dateTo: to }) }
  })
}
