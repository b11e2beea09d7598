import type { FastifyInstance } from 'fastify'
import { lackOfSlotsHandleBody } from '../../../domain/api/admin-lack-of-slots-handle.ts'
import { lackOfSlotsQuery } from '../../../domain/api/admin-overview.ts'
import { parseInput } from '../../platform/validate.ts'
import { currentOperator, operatorWithSecondFactor } from './guard.ts'
import { handleLackOfSlots, listLackOfSlotsGroups } from './lack-of-slots-service.ts'

// The console's lack-of-slots requests (product-rules.md "Records and fields"): the grouped queue
// and "handled".

export async function adminLackOfSlotsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const admin = { preHandler: operatorWithSecondFactor(app) }

  app.get('/admin/lack_of_slots/index', admin, async (request) => {
    const query = parseInput(lackOfSlotsQuery, request.query)
    const { groups, more } = await listLackOfSlotsGroups(ctx, {
      handled: query.handled,
      taughtLanguage: query.taught_language,
      page: query.page,
      perPage: query.per_page,
    })
    return { data: { groups, page: query.page, has_more: more } }
  })

  app.post('/admin/lack_of_slots/handle', admin, async (request) => {
    const body = parseInput(lackOfSlotsHandleBody, request.body)
    const { user } = currentOperator(request)
    const actor = { kind: 'operator' as const, id: user.id, email: user.email }
    const input =
      'ids' in body
        ? { ids: body.ids }
        : { group: body.group, until: body.until === undefined ? undefined : new Date(body.until) }
    return { data: await handleLackOfSlots(ctx, input, actor) }
  })
}
