import http from 'node:http'

// A small closed-loop load generator: `connections` keep-alive clients each send the next request
// as soon as the previous answer arrives, for `durationMs`. Latencies are kept in full (a run is
// at most a few hundred thousand numbers) so percentiles are exact.

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

function once(agent: http.Agent, target: LoadTarget): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      target.url,
      { agent, method: target.method ?? 'GET', headers: target.headers },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(target.body)
  })
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0

export async function runLoad(
  source: LoadSource,
  connections: number,
  durationMs: number,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let errors = 0
  const failures: Record<string, number> = {}
  const fail = (status: number) => {
    errors++
    failures[status] = (failures[status] ?? 0) + 1
  }
  const started = performance.now()
  const deadline = started + durationMs
  const client = async () => {
    while (performance.now() < deadline) {
      const target = typeof source === 'function' ? source() : source
      const t0 = performance.now()
      try {
        const status = await once(agent, target)
        if (status >= 400) fail(status)
      } catch {
        fail(0)
      }
      latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: connections }, client))
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
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
