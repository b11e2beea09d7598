import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { type SmsStatus, smsSwitchBody, smsTestBody } from '../../../domain/api/sms.ts'
import type { Db } from '../../db/client.ts'
import { currentUser } from '../../platform/auth.ts'
import { AppError } from '../../platform/errors.ts'
import { parseInput } from '../../platform/validate.ts'
import type { SmsGateway } from './gateway.ts'
import { smsNumber } from './phone.ts'
import { findRecipient, findStop, markMessage, switchSms } from './repository.ts'
import { deliverSms } from './service.ts'

// The profile's SMS: where they stand, the switch, and a test SMS to check the number
// (product-rules.md "SMS"). Each is about the caller's own number.

async function status(db: Db, gateway: SmsGateway | undefined, userId: string): Promise<SmsStatus> {
  const user = await findRecipient(db, userId)
  const stop = user && !user.smsOn ? await findStop(db, userId) : null
  return {
    available: gateway !== undefined,
    enabled: user?.smsOn ?? false,
    number: smsNumber(user?.phoneNumber ?? null),
    stopped: stop
      ? { number: stop.number, reason: stop.reason, stopped_at: stop.stoppedAt.toISOString() }
      : null,
  }
}

export async function smsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.get('/sms/status', guarded, async (request) => ({
    data: await status(ctx.db, ctx.smsGateway, currentUser(request).id),
  }))

  app.post('/sms/switch', guarded, async (request) => {
    const user = currentUser(request)
    const input = parseInput(smsSwitchBody, request.body)
    if (input.enabled) {
      if (!ctx.smsGateway) throw new AppError('sms_unavailable')
      const me = await findRecipient(ctx.db, user.id)
      if (!smsNumber(me?.phoneNumber ?? null)) throw new AppError('sms_number_invalid')
    }
    await ctx.db.transaction((tx) => switchSms(tx, user.id, input.enabled))
    ctx.changes.publish({ kind: 'user', id: user.id })
    return { data: await status(ctx.db, ctx.smsGateway, user.id) }
  })

  app.post('/sms/test', guarded, async (request) => {
    const user = currentUser(request)
    parseInput(smsTestBody, request.body ?? {})
    if (!ctx.smsGateway) throw new AppError('sms_unavailable')
    const me = await findRecipient(ctx.db, user.id)
    if (!me?.smsOn) throw new AppError('sms_off')
    await ctx.limiters.smsTestPerUser.consume(user.id)
    const result = await deliverSms(
      { ...ctx, gateway: ctx.smsGateway },
      {
        key: `test:${randomUUID()}`,
        userId: user.id,
        lessonId: null,
        facts: { kind: 'test' },
        notAfter: null,
        quietHours: false,
      },
    )
    switch (result.outcome) {
      case 'sent':
        return { data: { sent_to: smsNumber(me.phoneNumber) ?? '' } }
      case 'skipped':
        // The daily cap: the user's own, or the school's.
        throw new AppError('too_many_requests')
      case 'failed':
        if (result.permanent) throw new AppError('sms_number_invalid')
        // A test is not retried: the user sees the failure and may try again.
        await markMessage(ctx.db, result.id, { state: 'failed', reason: result.reason }, ctx.clock.now())
        throw new AppError('sms_gateway_unavailable')
      case 'dropped':
        throw new AppError(result.reason === 'no_number' ? 'sms_number_invalid' : 'sms_off')
      default:
        throw new AppError('sms_gateway_unavailable')
    }
  })
}
