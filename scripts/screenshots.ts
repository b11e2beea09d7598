import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './find-chromium.ts'

// Screenshots for looking at the product as a person would (not part of `npm test`):
//   node scripts/screenshots.ts <base-url> <out-dir> <email> <password> [path ...]
// Each path is shot at 1280 px and 375 px, in Polish and English; the user signs in first.
const [baseUrl = 'http://127.0.0.1:8080', outDir = '/tmp/shots', email, password, ...paths] =
  process.argv.slice(2)
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
]

async function signIn(page: Page) {
  if (!email || !password) return
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel(/e-mail/i).fill(email)
  await page
    .getByLabel(/hasło|password/i)
    .first()
    .fill(password)
  await page.getByRole('button', { name: /zaloguj|log in|sign in/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS })
for (const locale of ['pl', 'en']) {
  for (const vp of VIEWPORTS) {
    const context = await browser.newContext({ viewport: vp, locale })
    const page = await context.newPage()
    await page.goto(baseUrl)
    await page.evaluate((l) => localStorage.setItem('locale', l), locale)
    for (const p of paths.length ? paths : ['/login']) {
      if (p === '@signin') {
        await signIn(page)
        continue
      }
      await page.goto(`${baseUrl}${p}`)
      await page.waitForLoadState('networkidle')
      const file = path.join(outDir, `${p.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${vp.name}-${locale}.png`)
      await page.screenshot({ path: file, fullPage: true })
      console.log(file)
    }
    await context.close()
  }
}
await browser.close()
