import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

// Browser tests use Debian's Chromium, never a download (architecture.md "Runtime and toolchain"):
// PLAYWRIGHT_CHROMIUM_PATH, then /usr/bin/chromium, then Playwright's own build if one is
// installed; as root with none of them, Debian's package is installed.

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
]

/** A fake camera and microphone, allowed without asking (the lesson room's journeys and bench). */
export const FAKE_MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']

async function playwrightOwn(): Promise<string | undefined> {
  try {
    const { chromium } = await import('@playwright/test')
    const path = chromium.executablePath()
    return existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

export async function findChromium(): Promise<string> {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`PLAYWRIGHT_CHROMIUM_PATH=${fromEnv} does not exist`)
    return fromEnv
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  const own = await playwrightOwn()
  if (own) return own
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium for the browser tests…')
    execFileSync('apt-get', ['update'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  }
  throw new Error(
    "No Chromium found. Install Debian's package (apt-get install chromium) or set PLAYWRIGHT_CHROMIUM_PATH.",
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await findChromium())
}
