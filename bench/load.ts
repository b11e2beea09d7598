import { Client } from 'undici'

// A small closed-loop load generator: `connections` keep-alive clients each send the next request
// as soon as the previous answer arrives, for `durationMs`. Latencies are kept in full (a run is
// at most a few hundred thousand numbers) so percentiles are exact. Requests go through undici's
// Client, a connection each: on this 2-core machine the load generator shares the processor with
// the server, and node:http's client took about as much of it as the server did (the server's
// booking rate is compared with pgbench's, whose client costs next to nothing).

export type LoadResult = {
  requests: number
  errors: number
  /** How many answers of each failing status (0: the connection failed). */
  failures: Record<string, number>
  rps: number
  p50: number
  p99: number
  max: number
}
export type LoadTarget = { url: string; method?: string; headers?: Record<string, string>; body?: string }
/** One fixed request, or a function that makes each request (e.g. a new slot to book every time). */
export type LoadSource = LoadTarget | (() => LoadTarget)

/** One request on `client`; resolves with the status once the whole answer has arrived. */
async function once(client: Client, url: URL, target: LoadTarget): Promise<number> {
  const answer = await client.request({
    path: `${url.pathname}${url.search}`,
    method: (target.method ?? 'GET') as 'GET',
    headers: target.headers ?? {},
    body: target.body ?? null,
  })
  await answer.body.dump()
  return answer.statusCode
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0

export async function runLoad(
  source: LoadSource,
  connections: number,
  durationMs: number,
): Promise<LoadResult> {
  const latencies: number[] = []
  let errors = 0
  const failures: Record<string, number> = {}
  const fail = (status: number) => {
    errors++
    failures[status] = (failures[status] ?? 0) + 1
  }
  const opened: Client[] = []
  const started = performance.now()
  const deadline = started + durationMs
  const loop = async () => {
    // One keep-alive connection per server this loop talks to.
    const clients = new Map<string, Client>()
    const clientFor = (url: URL) => {
      let client = clients.get(url.origin)
      if (!client) {
        client = new Client(url.origin, { pipelining: 1 })
        clients.set(url.origin, client)
        opened.push(client)
      }
      return client
    }
    while (performance.now() < deadline) {
      const target = typeof source === 'function' ? source() : source
      const url = new URL(target.url)
      const t0 = performance.now()
      try {
        const status = await once(clientFor(url), url, target)
        if (status >= 400) fail(status)
      } catch {
        fail(0)
      }
      latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: connections }, loop))
  const elapsed = (performance.now() - started) / 1000
  await Promise.all(opened.map((client) => client.close()))
  latencies.sort((a, b) => a - b)
  return {
    requests: latencies.length,
    errors,
    failures,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  }
}
