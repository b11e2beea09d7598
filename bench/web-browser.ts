import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.ts'

export type BenchBrowser = { port: number; stop: () => Promise<void> }

/**
 * Debian's Chromium with the flags of the browser tests, headless, with a DevTools port that
 * Lighthouse connects to (it drives its own tab; Playwright only prepares the storage).
 */
export async function startBrowser(port: number): Promise<BenchBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'lk-bench-chromium-'))
  const child = spawn(
    await findChromium(),
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    rmSync(profile, { recursive: true, force: true })
  }
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  await stop()
  throw new Error('Chromium did not open its DevTools port')
}

/**
 * Replaces the origin's local storage with `items` (the signed-in session, or nothing), without
 * running the app: Lighthouse then loads the page cold (it clears the HTTP cache, the service
 * worker and Cache Storage itself, but keeps local storage, where the app reads the session).
 */
export async function setLocalStorage(
  browser: BenchBrowser,
  base: string,
  items: Record<string, string>,
): Promise<void> {
  const connection = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`)
  try {
    const context = connection.contexts()[0] ?? (await connection.newContext())
    const page = await context.newPage()
    // robots.txt is a plain file of the origin: the app (and its service worker) does not start.
    await page.goto(`${base}/robots.txt`)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Storage.clearDataForOrigin', {
      origin: base,
      storageTypes: 'indexeddb,service_workers,cache_storage',
    })
    const storageId = { securityOrigin: base, isLocalStorage: true }
    await cdp.send('DOMStorage.clear', { storageId })
    for (const [key, value] of Object.entries(items)) {
      await cdp.send('DOMStorage.setDOMStorageItem', { storageId, key, value })
    }
    const stored = await cdp.send('DOMStorage.getDOMStorageItems', { storageId })
    if (stored.entries.length !== Object.keys(items).length) {
      throw new Error(`local storage of ${base} holds ${JSON.stringify(stored.entries)}`)
    }
    await page.close()
  } finally {
    // Disconnects only: the browser stays up for Lighthouse.
    await connection.close()
  }
}
