import { vi } from 'vitest'

// Unit tests' HTTP at the fetch level: answers by method and path, records what was sent.

export type Answer = { status: number; body: unknown }
export type SentRequest = {
  method: string
  path: string
  query: string
  body: unknown
  headers: Record<string, string>
}
type Route = Answer | ((request: SentRequest) => Answer)

/**
 * Stubs `fetch`: `routes` maps 'GET /api/v1/…' (path without the query) to an answer; anything
 * else answers 404, so a forgotten route fails the test visibly.
 */
export function routeFetch(routes: Record<string, Route>) {
  const sent: SentRequest[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    if (!(input instanceof Request)) throw new TypeError('Expected a Request')
    const url = new URL(input.url)
    const text = await input.clone().text()
    const request = {
      method: input.method,
      path: url.pathname,
      query: url.search,
      body: text ? JSON.parse(text) : null,
      headers: Object.fromEntries(input.headers),
    }
    sent.push(request)
    const route = routes[`${input.method} ${url.pathname}`]
    const answer =
      typeof route === 'function'
        ? route(request)
        : (route ?? { status: 404, body: { error: 'Not found', code: 'not_found' } })
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  return sent
}
