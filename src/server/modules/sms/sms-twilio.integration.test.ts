import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type SmsGatewayStandIn, startSmsGateway } from '../../../../tests/fakes/sms-gateway.ts'
import { adminLessonShowResponse } from '../../../domain/api/admin-lessons.ts'
import { smsStatusResponse } from '../../../domain/api/sms.ts'
import { runOpsCommand } from '../../cli/commands.ts'
import { users } from '../../db/schema.ts'
import { smsMessages } from '../../db/schema-sms.ts'
import { operatorSignedIn } from '../../test-support/admin-operator.ts'
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, getWith, lessonParties, postJson } from '../../test-support/my-lessons.ts'
import { twilioSignature } from './twilio.ts'

// SMS through Twilio's stand-in: a cancellation to the other party, the signed status callback
// (a forged one refused), a number that fails for good turning SMS off, and the profile's switch
// and test SMS.

const sms = { phoneNumber: '+48512345678', smsNotificationsEnabled: true }
let gateway: SmsGatewayStandIn
let t: TestApp
beforeAll(async () => {
  gateway = await startSmsGateway()
  t = await buildTestApp({
    rateLimits: { smsTestPerUser: { limit: 2, windowMs: 60_000 } },
    config: {
      jobsWorker: true,
      sms: {
        provider: 'twilio',
        accountSid: gateway.twilioSid,
        authToken: gateway.twilioToken,
        messagingServiceSid: `MG${'c'.repeat(32)}`,
        from: undefined,
        apiUrl: gateway.url,
      },
    },
  })
})
afterAll(async () => {
  await t.close()
  await gateway.close()
})
beforeEach(() => t.clock.set('2026-12-08T09:20:00Z'))

const CALLBACK = '/api/v1/sms/reports/twilio'
const callback = (fields: Record<string, string>, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: CALLBACK,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature ? { 'x-twilio-signature': signature } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  })
const signed = (fields: Record<string, string>) =>
  callback(fields, twilioSignature(gateway.twilioToken, `${TEST_PUBLIC_URL}${CALLBACK}`, fields))

describe('SMS through Twilio', () => {
  it('tells the other party of a cancellation, once, and not the canceller', async () => {
    const pair = await lessonParties(t, {
      teacher: { phoneNumber: '+48601234567', smsNotificationsEnabled: true, locale: 'en' },
      student: sms,
    })
    const lesson = await addLessonAt(t, pair, 3 * 60)
    const before = gateway.received.length
    const cancelled = await postJson(t, pair.student.token, '/lessons/cancel', {
      lesson_id: lesson.id,
      cancellation_reason: 'Choroba',
    })
    expect(cancelled.statusCode).toBe(200)
    await gateway.waitFor(before + 1)
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const received = gateway.received.slice(before)
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({
      to: '+48601234567',
      text: 'Lektorium: your English lesson on 08.12 at 13:20 Poland time was cancelled by the student.',
      reportUrl: `${TEST_PUBLIC_URL}${CALLBACK}`,
    })
    expect(gateway.refused).toEqual([])

    // Twilio's callback: a forged signature is refused and changes nothing; a signed one is taken.
    const fields = {
      MessageSid: received[0]?.id ?? '',
      MessageStatus: 'delivered',
      AccountSid: gateway.twilioSid,
    }
    expect((await callback(fields, 'forged')).statusCode).toBe(403)
    expect((await callback(fields)).statusCode).toBe(403)
    const [row] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.lessonId, lesson.id))
    expect(row?.state).toBe('sent')
    expect((await signed(fields)).statusCode).toBe(204)
    const [after] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.lessonId, lesson.id))
    expect(after?.state).toBe('delivered')
    // The console's lesson shows what went to whom and its state.
    const { token } = await operatorSignedIn(t)
    const show = await getWith(t, token, '/admin/lessons/show', { lesson_id: lesson.id })
    expect(v.parse(adminLessonShowResponse, show.json()).data.sms).toEqual([
      expect.objectContaining({
        kind: 'lesson_cancelled',
        to_role: 'teacher',
        to_number: '+48601234567',
        state: 'delivered',
        body: received[0]?.text,
      }),
    ])
    // The operator's list names it, its recipient and its state.
    const listed = await runOpsCommand(t.ctx, { command: 'sms' })
    expect(listed).toMatch(
      new RegExp(
        `lesson_cancelled\t${pair.teacher.user.email} \\+48601234567\ttwilio\tdelivered\t1 gsm7\tlesson ${lesson.id}`,
      ),
    )
  })

  it('turns SMS off when a number fails for good, and the profile says why', async () => {
    const pair = await lessonParties(t, { student: { ...sms, phoneNumber: '+48698765432' } })
    // The test SMS reaches the number, then Twilio reports it unreachable for good (30006).
    const tested = await postJson(t, pair.student.token, '/sms/test', {})
    expect(tested.json()).toEqual({ data: { sent_to: '+48698765432' } })
    const sent = gateway.received.at(-1)
    expect(sent?.text).toBe('Lektorium: to SMS testowy. Powiadomienia SMS docieraja na ten numer.')
    const report = { MessageSid: sent?.id ?? '', MessageStatus: 'undelivered', ErrorCode: '30006' }
    expect((await signed(report)).statusCode).toBe(204)
    const shown = await getWith(t, pair.student.token, '/sms/status')
    expect(v.parse(smsStatusResponse, shown.json())).toMatchObject({
      data: { available: true, enabled: false, stopped: { number: '+48698765432', reason: 'twilio_30006' } },
    })
    const [user] = await t.database.db.select().from(users).where(eq(users.id, pair.student.user.id))
    expect(user?.smsNotificationsEnabled).toBe(false)

    // Switched on again (the user checked the number): the notice goes; Twilio refuses the number
    // at once (21614, not a mobile) and SMS is off again.
    expect((await postJson(t, pair.student.token, '/sms/switch', { enabled: true })).json()).toMatchObject({
      data: { enabled: true, stopped: null },
    })
    gateway.refuseNumber('+48698765432')
    const refused = await postJson(t, pair.student.token, '/sms/test', {})
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'sms_number_invalid' })
    expect((await getWith(t, pair.student.token, '/sms/status')).json()).toMatchObject({
      data: { enabled: false, stopped: { reason: 'twilio_21614' } },
    })
  })

  it('switches SMS on only for a mobile number, and limits the test SMS', async () => {
    const pair = await lessonParties(t, { student: { phoneNumber: '+48221234567' } })
    const landline = await postJson(t, pair.student.token, '/sms/switch', { enabled: true })
    expect(landline.statusCode).toBe(422)
    expect(landline.json()).toMatchObject({ code: 'sms_number_invalid' })
    expect((await postJson(t, pair.student.token, '/sms/test', {})).json()).toMatchObject({ code: 'sms_off' })
    await t.database.db
      .update(users)
      .set({ phoneNumber: '+48512000111' })
      .where(eq(users.id, pair.student.user.id))
    const on = await postJson(t, pair.student.token, '/sms/switch', { enabled: true })
    expect(on.json()).toEqual({
      data: { available: true, enabled: true, number: '+48512000111', stopped: null },
    })
    expect((await postJson(t, pair.student.token, '/sms/test', {})).statusCode).toBe(200)
    expect((await postJson(t, pair.student.token, '/sms/test', {})).statusCode).toBe(200)
    expect((await postJson(t, pair.student.token, '/sms/test', {})).statusCode).toBe(429)
    const off = await postJson(t, pair.student.token, '/sms/switch', { enabled: false })
    expect(off.json()).toMatchObject({ data: { enabled: false, stopped: null } })
  })
})
