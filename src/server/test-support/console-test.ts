import { tmpdir } from 'node:os'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { auditLog } from '../db/schema-admin.ts'
import { createMailer } from '../platform/mail.ts'
import { operatorSignedIn } from './admin-operator.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { bearer, TEST_PASSWORD } from './fixtures.ts'
import { postJson } from './my-lessons.ts'
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts'

// One setup for the integration tests of the school's console: a test app (its mail
// through a real SMTP sink when `mail` is asked for), an operator past the second factor, and
// requests made as that operator. Call it at a test file's top level: it registers the file's
// beforeAll and afterAll, so `t`, `sink`, `token` and `operatorId` are set from beforeAll on.

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>

export type ConsoleTest = {
  t: TestApp
  /** The SMTP sink the app's mail goes to (only with `{ mail: true }`). */
  sink: SmtpSink
  /** The operator's session token. */
  token: string
  operatorId: string
  /** GET `/api/v1${path}` as the operator, with `query` as its search parameters when given. */
  get(path: string, query?: Record<string, string>): Promise<Answer>
  /** POST `/api/v1${path}` with a JSON `body` as the operator. */
  post(path: string, body: unknown): Promise<Answer>
  /** The audit log's entries of `action` on `targetId`. */
  auditOf(action: string, targetId: string): Promise<(typeof auditLog.$inferSelect)[]>
  /** The fields of a 400 answer's errors, sorted. */
  fieldsOf(answer: { json(): { errors: { field: string }[] } }): string[]
  /** The `code` that users/sign_in answers for `email` with the test password. */
  signInCode(email: string): Promise<string>
}

const silent = { info: () => {}, error: () => {} }

export function startConsoleTest(options: { mail?: boolean } = {}): ConsoleTest {
  let sink: SmtpSink | undefined
  const c: ConsoleTest = {
    t: undefined as unknown as TestApp,
    get sink(): SmtpSink {
      if (!sink) throw new Error('startConsoleTest({ mail: true }) starts the SMTP sink')
      return sink
    },
    token: '',
    operatorId: '',
    get: (path, query) =>
      c.t.app.inject({
        method: 'GET',
        url: `/api/v1${path}${query ? `?${new URLSearchParams(query)}` : ''}`,
        headers: bearer(c.token),
      }),
    post: (path, body) => postJson(c.t, c.token, path, body),
    auditOf: (action, targetId) =>
      c.t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId))),
    fieldsOf: (answer) =>
      answer
        .json()
        .errors.map((e) => e.field)
        .sort(),
    signInCode: async (email) =>
      (
        await c.t.app.inject({
          method: 'POST',
          url: '/api/v1/users/sign_in',
          payload: { email, password: TEST_PASSWORD },
        })
      ).json().code,
  }
  beforeAll(async () => {
    if (options.mail) sink = await startSmtpSink()
    const mailConfig = sink && { smtpUrl: sink.url, mailFrom: 'school@lektorium.test', dataDir: tmpdir() }
    c.t = await buildTestApp(mailConfig ? { mailer: createMailer(mailConfig, silent) } : {})
    const operator = await operatorSignedIn(c.t)
    c.token = operator.token
    c.operatorId = operator.user.id
  })
  afterAll(async () => {
    await c.t?.close()
    await sink?.close()
  })
  return c
}
