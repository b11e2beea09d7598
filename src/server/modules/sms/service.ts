import { startOfPolandDay } from '../../../domain/poland-time.ts'
import type { Db } from '../../db/client.ts'
import type { CommittedChanges } from '../../platform/change-road.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Log } from '../../platform/logger.ts'
import { DEFAULT_SETTINGS, findSettings } from '../settings/public.ts'
import { smsText } from './encoding.ts'
import { type SmsGateway, SmsGatewayError } from './gateway.ts'
import { smsNumber } from './phone.ts'
import { isQuiet, quietHoursEnd } from './quiet-hours.ts'
import {
  countSince,
  findMessage,
  findRecipient,
  lockSmsCaps,
  type MessageValues,
  markMessage,
  saveMessage,
  stopSms,
} from './repository.ts'
import { type SmsFacts, smsWords } from './texts.ts'

// Sending one SMS, once (product-rules.md "SMS"). The message is claimed in `sms_messages` by its
// key before the gateway is asked, under one lock for the daily caps, and marked after: a job run
// twice, or in two processes, sends it once; only a process that dies between the gateway's
// answer and the mark leaves it to be sent again once its claim runs out (as the mail outbox,
// docs/decisions.md "SMS through SMSAPI or Twilio").

export type SmsContext = {
  db: Db
  clock: Clock
  log: Log
  changes: CommittedChanges
  /** undefined: SMS is off (no SMS_PROVIDER). */
  gateway: SmsGateway | undefined
}

export type SmsRequest = {
  /** The message's identity: the same key is sent once. */
  key: string
  userId: string
  lessonId: string | null
  facts: SmsFacts
  /** When what it is about starts: nothing is sent from then on (null: a test SMS). */
  notAfter: Date | null
  /** Quiet hours hold back this SMS (not a test the user asked for, nor one about an early lesson). */
  quietHours: boolean
}

export type SmsOutcome =
  | { outcome: 'sent'; id: string }
  /** Sent, failed or held back before: nothing more to do. */
  | { outcome: 'done' }
  | { outcome: 'dropped'; reason: 'off' | 'not_wanted' | 'no_number' }
  | { outcome: 'skipped'; reason: 'too_late' | 'daily_cap' | 'quiet_hours' }
  | { outcome: 'deferred'; until: Date }
  /** Another process holds the claim and may be sending it now. */
  | { outcome: 'busy' }
  | { outcome: 'failed'; id: string; permanent: boolean; reason: string }

/** Longer than a gateway may take to answer (gateway.ts GATEWAY_TIMEOUT_MS). */
export const SMS_CLAIM_MS = 2 * 60_000
const DONE = new Set(['sent', 'delivered', 'failed', 'skipped'])

export async function deliverSms(ctx: SmsContext, request: SmsRequest): Promise<SmsOutcome> {
  const { gateway } = ctx
  if (!gateway) return { outcome: 'dropped', reason: 'off' }
  const user = await findRecipient(ctx.db, request.userId)
  if (!user?.smsOn) return { outcome: 'dropped', reason: 'not_wanted' }
  const number = smsNumber(user.phoneNumber)
  if (!number) return { outcome: 'dropped', reason: 'no_number' }
  const now = ctx.clock.now()
  const text = smsText(smsWords(request.facts, user.locale, now))
  const values: MessageValues = {
    key: request.key,
    kind: request.facts.kind,
    userId: user.id,
    lessonId: request.lessonId,
    toNumber: number,
    body: text.text,
    encoding: text.encoding,
    segments: text.segments,
    provider: gateway.provider,
  }
  const skip = async (reason: 'too_late' | 'quiet_hours' | 'daily_cap', tx: Db = ctx.db) => {
    await saveMessage(tx, values, 'skipped', { reason, claimedUntil: null, now })
    return { outcome: 'skipped', reason } as const
  }
  const { notAfter } = request
  if (notAfter && now >= notAfter)
    return (await findMessage(ctx.db, request.key)) ? { outcome: 'done' } : skip('too_late')
  if (request.quietHours && isQuiet(now)) {
    const until = quietHoursEnd(now)
    return !notAfter || until < notAfter ? { outcome: 'deferred', until } : skip('quiet_hours')
  }
  const claim = await ctx.db.transaction(async (tx): Promise<SmsOutcome | { claimed: string }> => {
    await lockSmsCaps(tx)
    const existing = await findMessage(tx, request.key)
    if (existing && DONE.has(existing.state)) return { outcome: 'done' } as const
    if (existing?.state === 'sending' && existing.claimedUntil && existing.claimedUntil > now)
      return { outcome: 'busy' } as const
    const caps = (await findSettings(tx)) ?? DEFAULT_SETTINGS
    const count = await countSince(tx, user.id, startOfPolandDay(now), request.key)
    if (count.user >= caps.smsDailyUserMax || count.school >= caps.smsDailySchoolMax)
      return skip('daily_cap', tx)
    const claimedUntil = new Date(now.getTime() + SMS_CLAIM_MS)
    return { claimed: await saveMessage(tx, values, 'sending', { reason: null, claimedUntil, now }) }
  })
  if ('outcome' in claim) return claim
  const id = claim.claimed
  try {
    const { providerId } = await gateway.send({ to: number, text: text.text, ref: id })
    await markMessage(
      ctx.db,
      id,
      { state: 'sent', reason: null, providerMessageId: providerId, sentAt: ctx.clock.now() },
      ctx.clock.now(),
    )
    return { outcome: 'sent', id }
  } catch (error) {
    const permanent = error instanceof SmsGatewayError && error.permanent
    const reason = error instanceof SmsGatewayError ? error.code : 'error'
    ctx.log.error({ err: error, key: request.key, permanent }, 'the SMS gateway refused a message')
    if (!permanent) {
      await markMessage(ctx.db, id, { state: 'retrying', reason }, ctx.clock.now())
      return { outcome: 'failed', id, permanent, reason }
    }
    await markMessage(ctx.db, id, { state: 'failed', reason }, ctx.clock.now())
    await numberFailed(ctx, user.id, number, reason)
    return { outcome: 'failed', id, permanent, reason }
  }
}

/** product-rules.md "SMS": a number that fails for good turns the user's SMS off, and the profile says why. */
export async function numberFailed(
  ctx: Pick<SmsContext, 'db' | 'clock' | 'changes'>,
  userId: string,
  number: string,
  reason: string,
): Promise<void> {
  const stopped = await ctx.db.transaction((tx) => stopSms(tx, userId, number, reason, ctx.clock.now()))
  if (stopped) ctx.changes.publish({ kind: 'user', id: userId })
}
