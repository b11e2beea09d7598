import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './find-chromium.ts'

// Screenshots for looking at the product as a person would (not part of `npm test`):
//   node scripts/screenshots.ts <base-url> <out-dir> <email> <password> [step ...]
// Every step runs at 1280 px and 375 px, in Polish and English. The language is chosen on the
// login screen as a person would, so it wins over the profile's after signing in. Steps:
//   @signin            sign in with <email> and <password>
//   /path              open the path, then shoot
//   @click:<regex>     click the first visible button, link, tab, menu item, radio or checkbox
//                      whose name matches (case-insensitive; write `pl|en` alternatives), shoot
//   @fill:<regex>=<t>  type <t> into the field whose label matches
//   @key:<key>         press a key (Escape, Tab, ArrowRight …)
//   @offline / @online cut or give back the connection
//   @shot:<name>       shoot under that name
const [baseUrl = 'http://127.0.0.1:8080', outDir = '/tmp/shots', email, password, ...steps] =
  process.argv.slice(2)
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
]
const CLICKABLE = ['button', 'link', 'tab', 'menuitem', 'radio', 'checkbox', 'option'] as const

async function signIn(page: Page) {
  if (!email || !password) return
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel(/e-mail/i).fill(email)
  await page
    .getByLabel(/hasło|password/i)
    .first()
    .fill(password)
  await page.getByRole('button', { name: /^(zaloguj|log in|sign in)/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.waitForLoadState('networkidle')
}

async function click(page: Page, pattern: string) {
  const name = new RegExp(pattern, 'i')
  for (const role of CLICKABLE) {
    const target = page.getByRole(role, { name }).filter({ visible: true }).first()
    if ((await target.count()) > 0) {
      // Forced: a refused (aria-disabled) slot is clicked too, to show what it says.
      await target.click({ force: true })
      return
    }
  }
  throw new Error(`nothing to click matches /${pattern}/`)
}

let shots = 0
async function shoot(page: Page, label: string, viewport: string, locale: string) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(400)
  shots += 1
  const name = `${String(shots).padStart(2, '0')}-${label.replace(/[^a-z0-9]+/gi, '_').slice(0, 40) || 'root'}`
  const file = path.join(outDir, `${name}-${viewport}-${locale}.png`)
  await page.screenshot({ path: file, fullPage: true })
  console.log(file)
}

mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS })
for (const locale of ['pl', 'en']) {
  for (const vp of VIEWPORTS) {
    shots = 0
    const context = await browser.newContext({ viewport: vp, locale, timezoneId: 'Europe/Warsaw' })
    const page = await context.newPage()
    await page.goto(`${baseUrl}/login`)
    // The login screen's switch, as a person chooses (a segmented control of radios): the other
    // language first, since choosing the one already shown changes nothing.
    for (const choice of [locale === 'pl' ? 'EN' : 'PL', locale.toUpperCase()])
      await page.getByText(choice, { exact: true }).first().click()
    for (const step of steps.length ? steps : ['/login']) {
      const [kind = '', ...rest] = step.split(':')
      const arg = rest.join(':')
      if (step === '@signin') await signIn(page)
      else if (step === '@offline') {
        // The persisted query cache is written a second after a change, as a person would wait.
        await page.waitForTimeout(1500)
        await context.setOffline(true)
      } else if (step === '@online') await context.setOffline(false)
      else if (kind === '@key') await page.keyboard.press(arg)
      else if (kind === '@shot') await shoot(page, arg, vp.name, locale)
      else if (kind === '@fill') {
        const [label = '', text = ''] = arg.split('=')
        await page.getByLabel(new RegExp(label, 'i')).first().fill(text)
      } else if (kind === '@click') {
        await click(page, arg)
        await shoot(page, arg, vp.name, locale)
      } else {
        await page.goto(`${baseUrl}${step}`)
        await shoot(page, step, vp.name, locale)
      }
    }
    await context.close()
  }
}
await browser.close()
