import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { type CalendarFeed, calendarFeedQuery } from '../../../domain/api/calendar-feed.ts'
import { currentUser } from '../../platform/auth.ts'
import { AppError } from '../../platform/errors.ts'
import { feedByToken, renewFeed } from './calendar-feed.ts'
import { hasFeed, revokeFeed } from './repository.ts'

// The signed-in user's feed (show, create = a new address, delete = revoke), and the feed itself,
// which calendars fetch without a session: its secret is the key.
export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.get('/calendar-feeds/show', guarded, async (request): Promise<{ data: CalendarFeed }> => {
    const createdAt = await hasFeed(ctx.db, currentUser(request).id)
    return { data: { created_at: createdAt?.toISOString() ?? null } }
  })

  app.post('/calendar-feeds/create', guarded, async (request, reply) => {
    const now = ctx.clock.now()
    const url = await renewFeed(ctx.db, currentUser(request).id, ctx.config.publicUrl, now)
    const data: CalendarFeed = { created_at: now.toISOString(), url }
    return reply.code(201).send({ data })
  })

  app.post('/calendar-feeds/delete', guarded, async (request): Promise<{ data: CalendarFeed }> => {
    await revokeFeed(ctx.db, currentUser(request).id)
    return { data: { created_at: null } }
  })

  app.get('/calendar-feeds/lessons.ics', async (request, reply) => {
    // A malformed secret is as unknown as a revoked one: 404 either way.
    const query = v.safeParse(calendarFeedQuery, request.query)
    const body = query.success
      ? await feedByToken(ctx.db, query.output.token, {
          publicUrl: ctx.config.publicUrl,
          now: ctx.clock.now(),
        })
      : null
    if (body === null) throw new AppError('not_found')
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="lektorium.ics"')
      .header('cache-control', 'private, max-age=300')
      .send(body)
  })
}
