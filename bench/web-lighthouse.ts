import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import lighthouse from 'lighthouse'
import * as v from 'valibot'

// One Lighthouse run (the default config: the mobile preset with simulated throttling) and what
// the web bench keeps of it: the four category scores, the load metrics and the network requests.

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const
type Metric = keyof typeof METRICS

const requestSchema = v.object({
  url: v.string(),
  transferSize: v.optional(v.number(), 0),
  resourceSize: v.optional(v.number(), 0),
  statusCode: v.optional(v.number(), 0),
  resourceType: v.optional(v.string(), ''),
  sessionTargetType: v.optional(v.string(), 'page'),
})
const requestsSchema = v.object({ items: v.array(requestSchema) })
export type NetworkRequest = v.InferOutput<typeof requestSchema>

export type LighthouseRun = {
  /** Where the page ended up (a redirect to /login means the session was not there). */
  finalUrl: string
  scores: Record<Category, number>
  metrics: Record<Metric, number>
  requests: NetworkRequest[]
  /** Audits that cost points outside performance (score below 1), as `category/audit`. */
  lost: string[]
  warnings: string[]
}

export async function runLighthouse(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  // BENCH_WEB_LHR_DIR keeps each whole report, for the audits behind a score (LCP element, chains).
  const keepIn = process.env.BENCH_WEB_LHR_DIR
  if (keepIn) {
    mkdirSync(keepIn, { recursive: true })
    const name = new URL(url).pathname.replaceAll('/', '_') || '_'
    writeFileSync(path.join(keepIn, `${name}-${Date.now()}.json`), JSON.stringify(lhr))
  }
  const score = (id: Category) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const metric = (id: Metric) => lhr.audits[METRICS[id]]?.numericValue ?? Number.NaN
  const lost = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}/${ref.id}`),
  )
  const requests = v.parse(requestsSchema, lhr.audits['network-requests']?.details).items
  return {
    finalUrl: lhr.finalDisplayedUrl,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcp: metric('fcp'),
      lcp: metric('lcp'),
      tbt: metric('tbt'),
      cls: metric('cls'),
      si: metric('si'),
    },
    requests,
    lost,
    warnings: lhr.runWarnings,
  }
}
