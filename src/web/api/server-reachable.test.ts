// @vitest-environment happy-dom
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { FROM_CACHE_HEADER } from '../../../service-worker/cache-names.ts'
import { createHttp } from './http.ts'
import { onServerBack } from './server-reachable.ts'

// issue #11 item 6: the pending badges and the saved-copy notices stayed until a 30-second retry
// after the server came back; any real answer now says it is back.

const okSchema = v.object({ data: v.object({ ok: v.literal(true) }) })
const ok = (headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ data: { ok: true } }), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  })

describe('the server back in reach', () => {
  it('is told once, at the first real answer after a failure, not after a cached copy', async () => {
    const answers: (() => Response)[] = [
      () => ok(),
      () => {
        throw new TypeError('Failed to fetch')
      },
      () => ok({ [FROM_CACHE_HEADER]: '1' }),
      () => new Response('{}', { status: 503 }),
      () => ok(),
      () => ok(),
    ]
    const http = createHttp({
      fetch: async () => (answers.shift() ?? ok)(),
      onError: async () => undefined,
    })
    const back = vi.fn()
    const stop = onServerBack(back)
    const calls: number[] = []
    for (let i = 0; i < 6; i++) {
      await http.get('/health', okSchema, { auth: false }).catch(() => undefined)
      calls.push(back.mock.calls.length)
    }
    stop()
    // Nothing before the failure; the cached copy and the 503 are not the server; then once.
    expect(calls).toEqual([0, 0, 0, 0, 1, 1])
  })
})
