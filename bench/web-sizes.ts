import { gzipSync } from 'node:zlib'
import type { NetworkRequest } from './web-lighthouse.ts'

// What a page load cost in bytes: the JS and CSS files the page itself fetched (gzipped here at
// level 9, whatever the server sent, so builds compare alike), and the bytes on the wire as
// Chromium counted them (headers included; compressed when the server compressed).

export type PageBytes = {
  js: { files: number; raw: number; gzip: number }
  css: { files: number; raw: number; gzip: number }
  /** Every request of the page (document, scripts, styles, API, icons): bytes on the wire. */
  wire: number
  requests: number
  /** The page's JS and CSS files by name, gzipped bytes: what a split changed. */
  files: Record<string, number>
}

const gzipCache = new Map<string, { raw: number; gzip: number }>()

async function measure(url: string): Promise<{ raw: number; gzip: number }> {
  const known = gzipCache.get(url)
  if (known) return known
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  const body = Buffer.from(await response.arrayBuffer())
  const size = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length }
  gzipCache.set(url, size)
  return size
}

export async function pageBytes(requests: NetworkRequest[], base: string): Promise<PageBytes> {
  // Lighthouse records the page's own requests; the service worker's precache (after load) is not among them.
  const page = requests.filter((r) => r.sessionTargetType !== 'worker')
  const bytes: PageBytes = {
    js: { files: 0, raw: 0, gzip: 0 },
    css: { files: 0, raw: 0, gzip: 0 },
    wire: page.reduce((sum, r) => sum + r.transferSize, 0),
    requests: page.length,
    files: {},
  }
  const seen = new Set<string>()
  for (const request of page) {
    const kind =
      request.resourceType === 'Script' ? 'js' : request.resourceType === 'Stylesheet' ? 'css' : null
    if (!kind || !request.url.startsWith(base) || request.statusCode !== 200 || seen.has(request.url))
      continue
    seen.add(request.url)
    const size = await measure(request.url)
    bytes[kind].files += 1
    bytes[kind].raw += size.raw
    bytes[kind].gzip += size.gzip
    bytes.files[new URL(request.url).pathname] = size.gzip
  }
  return bytes
}
