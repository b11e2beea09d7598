import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { pngFile } from '../test-support/sample-files.ts'
import { REDACTED } from './log-serializers.ts'
import { createLogger } from './logger.ts'

// What the server writes to its log, read back from a captured stream.

const lines: string[] = []
const logged = () => lines.join('')
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ logger: createLogger('info', { write: (line: string) => lines.push(line) }) })
})
afterAll(() => t.close())

/** The error drizzle throws for a failing query, from the real database. */
async function failedQuery(values: string[]): Promise<unknown> {
  try {
    await t.database.db.execute(sql`select ${values[0]}::text, ${values[1]}::int`)
  } catch (error) {
    return error
  }
  throw new Error('the query did not fail')
}

describe('the server log', () => {
  it('keeps the signature of a signed file URL out of the access log, not the rest of the URL', async () => {
    const stored = await t.storage.put(Readable.from(pngFile()), 'picture')
    const url = t.app.deps.fileUrls.url(stored.key) ?? ''
    const sig = new URL(url, 'http://x').searchParams.get('sig') ?? ''
    lines.length = 0
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200)
    expect(sig.length).toBeGreaterThan(20)
    expect(logged()).not.toContain(sig)
    expect(logged()).toContain(`/api/v1/files/${stored.key}?expires=`)
    expect(logged()).toContain(`sig=${REDACTED}`)
  })

  it('keeps reset and invitation tokens of links out of the access log, however the name is written', async () => {
    lines.length = 0
    await t.app.inject({ method: 'GET', url: '/invitation?token=invitation-secret-1' })
    await t.app.inject({ method: 'GET', url: '/password-reset/new?a=1&%74oken=reset-secret-2' })
    expect(logged()).not.toMatch(/invitation-secret-1|reset-secret-2/)
    expect(logged()).toContain(`/invitation?token=${REDACTED}`)
    expect(logged()).toContain(`/password-reset/new?a=1&%74oken=${REDACTED}`)
  })

  it("logs a failed query's SQL and cause, never the values it was sent with", async () => {
    const error = await failedQuery(['Moja prywatna notatka\u0000', 'not a number'])
    lines.length = 0
    t.app.log.error({ err: error }, 'writing the note failed')
    const entry = JSON.parse(logged())
    expect(entry.err.message).toContain('Failed query: select $1::text, $2::int')
    expect(entry.err.message).toContain(`params: ${REDACTED}`)
    expect(entry.err.params).toBe(REDACTED)
    expect(logged()).not.toMatch(/Moja prywatna notatka|not a number/)
  })
})
