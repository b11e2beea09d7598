import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PushService, startPushService } from '../../../../tests/fakes/push-service.ts'
import { pushKeyResponse } from '../../../domain/api/push.ts'
import { pushSubscriptions } from '../../db/schema-notifications.ts'
import { buildTestApp, type TestApp, testConfig } from '../../test-support/build-test-app.ts'
import { getWith, lessonParties, postJson } from '../../test-support/my-lessons.ts'
import { pushToUser } from './push.ts'
import type { PushPolicy, Resolve } from './push-endpoint.ts'

// docs/decisions.md "Push only to the push services": an endpoint outside the push services'
// hosts, or one that reaches a loopback, private, link-local or metadata address, is refused when
// subscribed and again when a push goes out, so a user cannot make the server POST into its own
// network. Names resolve through a resolver the test controls; the stand-in of a push service
// (on 127.0.0.1) shows what would have arrived.

/** The test's DNS: each name's addresses; any other name does not resolve. */
const names: Record<string, string[]> = {
  'fcm.googleapis.com': ['142.250.74.10'],
  'loopback.example.test': ['127.0.0.1'],
  'mixed.example.test': ['142.250.74.11', '10.1.2.3'],
  'metadata.example.test': ['169.254.169.254'],
  'v6.example.test': ['fd00:ec2::254'],
}
const resolve: Resolve = async (hostname) => {
  const found = names[hostname]
  if (!found) throw new Error(`ENOTFOUND ${hostname}`)
  return found
}

let push: PushService
let t: TestApp
beforeAll(async () => {
  push = await startPushService()
  // The school's allow-list with loopback and private hosts on it too: the address check alone
  // must refuse those.
  const hosts = [
    ...testConfig().push.hosts,
    '*.example.test',
    '127.0.0.1',
    '10.0.0.5',
    '169.254.169.254',
    '::1',
  ]
  t = await buildTestApp({
    config: { push: { vapidSubject: 'mailto:a@b.pl', httpEndpoints: false, hosts, privateAddresses: false } },
    resolve,
  })
})
afterAll(async () => {
  await t.close()
  await push.close()
})

const keysFor = async (token: string) => {
  const key = v.parse(pushKeyResponse, (await getWith(t, token, '/push/key')).json()).data.public_key
  return (await push.subscribe(key)).keys
}

describe('at subscribe time', () => {
  it('refuses hosts off the allow-list and names or addresses that are not public, naming the field', async () => {
    const { student } = await lessonParties(t)
    const keys = await keysFor(student.token)
    const refused: [string, string][] = [
      ['https://127.0.0.1/push/1', 'push_service'],
      ['https://10.0.0.5/push/1', 'push_service'],
      ['https://169.254.169.254/latest/meta-data', 'push_service'],
      ['https://[::1]/push/1', 'push_service'],
      ['https://[::ffff:127.0.0.1]/push/1', 'push_service'],
      ['https://loopback.example.test/push/1', 'push_service'],
      ['https://mixed.example.test/push/1', 'push_service'],
      ['https://metadata.example.test/push/1', 'push_service'],
      ['https://v6.example.test/push/1', 'push_service'],
      ['https://push.attacker.example.com/push/1', 'push_service'],
      ['https://fcm.googleapis.com.attacker.example.com/push/1', 'push_service'],
      ['https://user:secret@fcm.googleapis.com/push/1', 'push_service'],
      ['http://fcm.googleapis.com/push/1', 'url_format'],
    ]
    for (const [endpoint, code] of refused) {
      const answer = await postJson(t, student.token, '/push/subscriptions/create', { endpoint, keys })
      expect({ endpoint, status: answer.statusCode }).toEqual({ endpoint, status: 400 })
      expect(answer.json().errors).toEqual([expect.objectContaining({ field: 'endpoint', code })])
    }
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, student.user.id))
    expect(rows).toEqual([])
    const fcm = await postJson(t, student.token, '/push/subscriptions/create', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      keys,
    })
    expect(fcm.statusCode).toBe(200)
  })
})

describe('at send time', () => {
  const policy = (resolveAt: Resolve): PushPolicy => ({
    hosts: ['127.0.0.1', '*.example.test'],
    httpEndpoints: true,
    privateAddresses: false,
    resolve: resolveAt,
  })

  it('sends nothing to a stored endpoint that reaches a private address, and removes it', async () => {
    const { student } = await lessonParties(t)
    const device = await push.subscribe(
      v.parse(pushKeyResponse, (await getWith(t, student.token, '/push/key')).json()).data.public_key,
    )
    const port = new URL(push.url).port
    const path = new URL(device.endpoint).pathname
    // Rows that got past the subscription's check (written before it existed, or by hand).
    for (const endpoint of [device.endpoint, `http://loopback.example.test:${port}${path}`]) {
      await t.database.db
        .insert(pushSubscriptions)
        .values({ userId: student.user.id, endpoint, ...device.keys })
        .onConflictDoNothing()
    }
    const ctx = { ...t.app.deps, pushPolicy: policy(resolve) }
    expect(await pushToUser(ctx, student.user.id, { title: 'x', body: 'y', url: '/' })).toBe(0)
    expect(push.messages(device)).toEqual([])
    const left = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, student.user.id))
    expect(left).toEqual([])
  })

  it('refuses a name that resolved to a public address when checked and to loopback when connected', async () => {
    const { student } = await lessonParties(t)
    const device = await push.subscribe(
      v.parse(pushKeyResponse, (await getWith(t, student.token, '/push/key')).json()).data.public_key,
    )
    const port = new URL(push.url).port
    const endpoint = `http://rebind.example.test:${port}${new URL(device.endpoint).pathname}`
    await t.database.db
      .insert(pushSubscriptions)
      .values({ userId: student.user.id, endpoint, ...device.keys })
    let asked = 0
    const rebinding: Resolve = async () => (asked++ === 0 ? ['142.250.74.12'] : ['127.0.0.1'])
    const ctx = { ...t.app.deps, pushPolicy: policy(rebinding) }
    expect(await pushToUser(ctx, student.user.id, { title: 'x', body: 'y', url: '/' })).toBe(0)
    expect(asked).toBe(2)
    expect(push.messages(device)).toEqual([])
    // The stand-in itself is reached when configuration admits private addresses.
    await t.database.db
      .insert(pushSubscriptions)
      .values({ userId: student.user.id, endpoint: device.endpoint, ...device.keys })
    const standIn = { ...t.app.deps, pushPolicy: { ...policy(resolve), privateAddresses: true } }
    expect(await pushToUser(standIn, student.user.id, { title: 'x', body: 'y', url: '/' })).toBe(1)
    expect(push.messages(device)).toEqual([{ title: 'x', body: 'y', url: '/' }])
  })
})
