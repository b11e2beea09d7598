import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestClock } from '../test-support/test-clock.ts'
import { createFileUrls, loadFilesSecret } from './file-urls.ts'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'
const KEY = '6f1c1a3e-3b7a-4c55-9a3e-8f0e2f6b9d10.png'

function parts(url: string | null) {
  const parsed = new URL(url ?? '', 'http://x')
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires') ?? '',
    sig: parsed.searchParams.get('sig') ?? '',
  }
}

describe('signed file URLs', () => {
  it('gives no URL without a file', () => {
    expect(createFileUrls(SECRET, createTestClock()).url(null)).toBeNull()
  })

  it('lives 60 to 75 minutes, on 15-minute steps, so a URL stays the same for a while', () => {
    const clock = createTestClock('2026-03-10T09:01:00Z')
    const urls = createFileUrls(SECRET, clock)
    const first = urls.url(KEY)
    const { path: urlPath, expires, sig } = parts(first)
    expect(urlPath).toBe(`/api/v1/files/${KEY}`)
    expect(Number(expires)).toBe(Date.parse('2026-03-10T10:15:00Z') / 1000)
    expect(urls.check(KEY, expires, sig)).toBe(74 * 60)
    clock.advance(14 * 60_000)
    expect(urls.url(KEY)).toBe(first)
    expect(urls.check(KEY, expires, sig)).toBe(60 * 60)
    clock.advance(60_000)
    expect(parts(urls.url(KEY)).expires).toBe(String(Date.parse('2026-03-10T10:30:00Z') / 1000))
  })

  it('checks the key, the expiry and the secret', () => {
    const clock = createTestClock()
    const urls = createFileUrls(SECRET, clock)
    const { expires, sig } = parts(urls.url(KEY))
    expect(urls.check(KEY, expires, sig)).toBeGreaterThan(0)
    expect(urls.check(KEY.replace('.png', '.jpg'), expires, sig)).toBeNull()
    expect(urls.check(KEY, String(Number(expires) + 1), sig)).toBeNull()
    expect(urls.check(KEY, expires, `${sig}x`)).toBeNull()
    expect(urls.check(KEY, expires, '')).toBeNull()
    expect(urls.check(KEY, '1e10', sig)).toBeNull()
    expect(createFileUrls(`${SECRET}!`, clock).check(KEY, expires, sig)).toBeNull()
    clock.advance(3_600_000)
    expect(urls.check(KEY, expires, sig)).toBeNull()
  })
})

describe('loadFilesSecret', () => {
  let dir: string | undefined
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('prefers FILES_SECRET', async () => {
    expect(await loadFilesSecret({ filesSecret: SECRET, dataDir: '/nonexistent' })).toBe(SECRET)
  })

  it('otherwise makes one secret, private to the owner, and keeps it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lk-secret-'))
    const [a, b] = await Promise.all([
      loadFilesSecret({ filesSecret: undefined, dataDir: dir }),
      loadFilesSecret({ filesSecret: undefined, dataDir: dir }),
    ])
    expect(a).toBe(b)
    expect(a.length).toBeGreaterThanOrEqual(32)
    const file = path.join(dir, 'files-secret')
    expect(await readFile(file, 'utf8')).toBe(a)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await loadFilesSecret({ filesSecret: undefined, dataDir: dir })).toBe(a)
  })
})
