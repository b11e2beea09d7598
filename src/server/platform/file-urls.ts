import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config.ts'
import type { Clock } from './clock.ts'
import { syncDir } from './sync-dir.ts'

// ARCHITECTURE.md "Data": files are served through short-lived signed URLs, and only to people
// allowed to see them. A URL is `/api/v1/files/<key>?expires=<unix seconds>&sig=<HMAC-SHA256 of
// key and expiry>`: whoever holds it may read that one file until it expires, so services hand
// URLs only to those allowed (an image tag cannot send the bearer token).

/** URLs live about an hour: 60 to 75 minutes (see `expiresAt`). */
export const FILE_URL_TTL_SECONDS = 60 * 60
const EXPIRY_STEP_SECONDS = 15 * 60

export type FileUrls = {
  /** A signed URL of a stored file, or null when there is no file. */
  url(key: string | null): string | null
  /** Seconds the URL has left, or null when its signature is wrong or it has expired. */
  check(key: string, expires: string, sig: string): number | null
}

const signature = (secret: string, key: string, expires: number) =>
  createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url')

export function createFileUrls(secret: string, clock: Clock): FileUrls {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000)
  // Rounded up to a 15-minute step, so the same file keeps the same URL for a while and the
  // browser's cache (private, max-age) can serve it across profile reloads.
  const expiresAt = () =>
    Math.ceil((nowSeconds() + FILE_URL_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS
  return {
    url(key) {
      if (!key) return null
      const expires = expiresAt()
      const query = new URLSearchParams({ expires: String(expires), sig: signature(secret, key, expires) })
      return `/api/v1/files/${encodeURIComponent(key)}?${query}`
    },
    check(key, expires, sig) {
      if (!/^\d{1,12}$/.test(expires)) return null
      const at = Number(expires)
      const expected = Buffer.from(signature(secret, key, at))
      const given = Buffer.from(sig)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      const left = at - nowSeconds()
      return left > 0 ? left : null
    },
  }
}

/**
 * FILES_SECRET when set; otherwise a random secret generated on the first start and kept in
 * `<DATA_DIR>/files-secret` (mode 0600), so URLs survive a restart.
 */
export async function loadFilesSecret(config: Pick<Config, 'filesSecret' | 'dataDir'>): Promise<string> {
  if (config.filesSecret) return config.filesSecret
  const file = path.join(config.dataDir, 'files-secret')
  await mkdir(config.dataDir, { recursive: true })
  // Written whole under a private name, then linked into place: of two processes starting together
  // one links its secret and the other reads it; neither can read a half-written file. Synced
  // before and after the link: a power cut must not leave the name without its bytes.
  const draft = `${file}.${randomBytes(6).toString('hex')}`
  await writeFile(draft, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx', flush: true })
  try {
    await link(draft, file)
    await syncDir(config.dataDir)
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error
  } finally {
    await rm(draft, { force: true })
  }
  const secret = (await readFile(file, 'utf8')).trim()
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to get a new one`)
  return secret
}
