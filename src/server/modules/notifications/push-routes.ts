import type { FastifyInstance } from 'fastify'
import { pushSubscribeSchema, pushUnsubscribeSchema } from '../../../domain/api/push.ts'
import { currentUser } from '../../platform/auth.ts'
import { AppError } from '../../platform/errors.ts'
import { decodeIssue, englishIssue } from '../../platform/issue-english.ts'
import { parseInput } from '../../platform/validate.ts'
import { type EndpointProblem, endpointProblem } from './push-endpoint.ts'
import { deleteOwnSubscription, saveSubscription } from './push-repository.ts'

// Web push's endpoints: the public VAPID key a browser subscribes with, and the
// current device's subscription, added when the user turns notifications on in the profile and
// removed when they turn them off. Each is about the caller's own devices.

/** A refused endpoint: not https, not a push service's host, or a name of a private address. */
const refusedEndpoint = (problem: EndpointProblem) => {
  const code = problem === 'scheme' ? 'url_format' : 'push_service'
  return new AppError('validation_failed', {
    errors: [{ field: 'endpoint', message: englishIssue(decodeIssue(code)), code }],
  })
}

export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.get('/push/key', guarded, async () => ({ data: { public_key: ctx.vapid.publicKey } }))

  app.post('/push/subscriptions/create', guarded, async (request) => {
    const user = currentUser(request)
    const input = parseInput(pushSubscribeSchema, request.body)
    const problem = await endpointProblem(input.endpoint, ctx.pushPolicy)
    if (problem) throw refusedEndpoint(problem)
    // docs/decisions.md "Push only to the push services": another account's endpoint moves only
    // with its own auth secret (the same browser); anyone else's copy of it is refused.
    if (!(await saveSubscription(ctx.db, user.id, { endpoint: input.endpoint, ...input.keys })))
      throw new AppError('push_endpoint_taken')
    return { data: { subscribed: true } }
  })

  // Turning off on a device the server no longer knows (expired, moved to another user) is done.
  app.post('/push/subscriptions/delete', guarded, async (request) => {
    const user = currentUser(request)
    const input = parseInput(pushUnsubscribeSchema, request.body)
    await deleteOwnSubscription(ctx.db, user.id, input.endpoint)
    return { data: { subscribed: false } }
  })
}
