import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminStudentsResponse } from '../../../domain/api/admin-students.ts'
import { invitations, users } from '../../db/schema.ts'
import { operatorSignedIn } from '../../test-support/admin-operator.ts'
import type { TestApp } from '../../test-support/build-test-app.ts'
import { bearer, uniqueEmail } from '../../test-support/fixtures.ts'
import { openRestartRig, type RestartRig } from '../../test-support/restart-rig.ts'
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.ts'
import type { SmtpSink } from '../../test-support/smtp-sink.ts'

// An invitation and its e-mail across a crash: a real server process commits the invitation and is
// killed with SIGKILL before it sends the e-mail (its claim of the message waits behind a lock this
// test holds). Meanwhile the console and `npm run ops -- invitations` show the e-mail pending; the
// server started next sends it from the job the invitation's transaction added, once, with a link
// that works. Mail through a real SMTP server.

const OPS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-support/story-ops.ts')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let rig: RestartRig
let sink: SmtpSink
let t: TestApp
let dataDir: string
let env: Record<string, string>
let operator: string
beforeAll(async () => {
  rig = await openRestartRig('lk-outbox-')
  ;({ sink, t, dataDir, env } = rig)
  operator = (await operatorSignedIn(t)).token
})
afterAll(() => rig.close())

/** Polls `test` every 100 ms for up to `ms`. */
async function until(test: () => Promise<boolean>, what: string, ms = 20_000) {
  const end = performance.now() + ms
  while (!(await test())) {
    if (performance.now() > end) throw new Error(`${what}: not within ${ms} ms`)
    await sleep(100)
  }
}

const invite = (server: ServerProcess, email: string) =>
  fetch(`${server.url}/api/v1/admin/students/invite`, {
    method: 'POST',
    headers: { ...bearer(operator), 'content-type': 'application/json' },
    body: JSON.stringify({ email, human_access: true, ai_access: false }),
  })

async function invitationOf(email: string) {
  const [row] = await t.database.db
    .select({ id: invitations.id })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(eq(users.email, email))
  return row
}

async function consoleItem(email: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/students/index?q=${encodeURIComponent(email)}`,
    headers: bearer(operator),
  })
  const [item] = v.parse(adminStudentsResponse, answer.json()).data.items
  return item
}

/** `npm run ops -- invitations` as the journeys run it: its own process, on the story clock. */
async function opsInvitations(): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [OPS, 'invitations'], {
    env: { ...process.env, ...t.databaseEnv, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  })
  return stdout
}

const line = (email: string, state: string) =>
  new RegExp(`^${email.replaceAll('.', '\\.')}\\tinvited [^\\t]+\\t${state}`, 'm')

describe('an invitation across a crash', () => {
  it('is e-mailed once, after the restart, by the job its transaction added', async () => {
    const email = uniqueEmail('crash')
    let first: ServerProcess | undefined = await startServerProcess(env)
    let second: ServerProcess | undefined
    const blocker = await t.database.pool.connect()
    try {
      await blocker.query('BEGIN')
      await blocker.query('LOCK TABLE mail_deliveries IN EXCLUSIVE MODE')
      const answer = invite(first, email).catch(() => null)
      await until(async () => (await invitationOf(email)) !== undefined, 'the invitation commits')
      const waiting = `SELECT pid FROM pg_locks WHERE NOT granted AND relation = 'mail_deliveries'::regclass`
      await until(async () => (await blocker.query(waiting)).rowCount === 1, 'the e-mail waits for its claim')
      await first.stop('SIGKILL')
      first = undefined
      await answer
      // The killed server's connection waits on the lock until it goes; end it first.
      await blocker.query(`SELECT pg_terminate_backend(pid) FROM (${waiting}) AS w`)
      await blocker.query('COMMIT')

      await sleep(1_000)
      expect(sink.to(email)).toHaveLength(0)
      expect((await consoleItem(email))?.invitation).toMatchObject({
        state: 'pending',
        sent_at: null,
        mail_pending: true,
      })
      expect(await opsInvitations()).toMatch(line(email, 'e-mail pending'))

      second = await startServerProcess(env)
      // One more, sent at once by the server itself: its job, due later, must not send it again.
      const other = uniqueEmail('at-once')
      expect((await invite(second, other)).status).toBe(200)
      const [mail] = await sink.waitFor(email, 1, 60_000)
      expect(mail?.subject).toBe('Zaproszenie do Lektorium')
      await sink.waitFor(other, 1)
      // Both jobs have come due (20 s after their commits) and found their e-mails sent.
      await sleep(27_000)
      expect(sink.to(email)).toHaveLength(1)
      expect(sink.to(other)).toHaveLength(1)

      expect((await consoleItem(email))?.invitation).toMatchObject({ state: 'pending', mail_pending: false })
      expect(await opsInvitations()).toMatch(line(email, 'e-mail sent'))
      const token = /invitation\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1]
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/api/v1/students/accept_invitation',
        payload: { invitation_token: token },
      })
      expect(accepted.statusCode).toBe(200)
    } finally {
      await blocker.query('ROLLBACK').catch(() => {})
      blocker.release()
      await first?.stop('SIGKILL')
      await second?.stop()
    }
  }, 180_000)
})
