// @vitest-environment happy-dom

import { act, cleanup, renderHook } from '@testing-library/react'
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FROM_CACHE_HEADER } from '../../../service-worker/cache-names.ts'
import { createHttp } from '../api/http.ts'
import { noteAnswered, onServerBack, useOnlineStatus } from './connectivity.ts'
import { PROBE_INTERVAL_MS } from './server-probe.ts'

// docs/decisions.md "Offline is what the requests meet": the pending badges and the saved-copy
// notices stayed until a 30-second retry after the server came back; any real answer now says so.

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

describe('the online status', () => {
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.unstubAllGlobals()
    noteAnswered()
  })

  const failing = () => {
    throw new TypeError('Failed to fetch')
  }

  it('is offline while requests get no answer, though the browser says online', async () => {
    expect(navigator.onLine).toBe(true)
    const answers: (() => Response)[] = [
      failing,
      () => ok({ [FROM_CACHE_HEADER]: '1' }),
      () => new Response('{}', { status: 503 }),
      failing,
      () => ok(),
    ]
    const http = createHttp({ fetch: async () => (answers.shift() ?? ok)(), onError: async () => undefined })
    const { result } = renderHook(() => useOnlineStatus())
    const states: boolean[] = [result.current]
    for (let i = 0; i < 5; i++) {
      await act(() => http.get('/health', okSchema, { auth: false }).catch(() => undefined))
      states.push(result.current)
    }
    // A 5xx is the server (or its proxy) answering: the device is online, the server is unwell.
    expect(states).toEqual([true, false, false, true, false, true])
  })

  it('asks the server while it believes it is offline, and is online at its first real answer', async () => {
    vi.useFakeTimers()
    const http = createHttp({ fetch: async () => failing(), onError: async () => undefined })
    const health = vi.fn(async () => ok({ [FROM_CACHE_HEADER]: '1' }))
    vi.stubGlobal('fetch', health)
    const { result } = renderHook(() => useOnlineStatus())
    await act(() => http.get('/lessons', okSchema).catch(() => undefined))
    expect(result.current).toBe(false)
    await act(() => vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS))
    // The service worker's copy is no answer.
    expect(health).toHaveBeenCalledTimes(1)
    expect(result.current).toBe(false)
    health.mockImplementation(async () => ok())
    await act(() => vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS))
    expect(result.current).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(3 * PROBE_INTERVAL_MS))
    expect(health).toHaveBeenCalledTimes(2)
  })
})
