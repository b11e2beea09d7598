import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test'
import { newStoryContext } from './story.ts'

export const DEMO_PASSWORD = 'Lektorium2026!'
export const TEACHER = 'anna.nowak@demo.lektorium.pl'
export const STUDENT = 'marta.dabrowska@demo.lektorium.pl'
export const STUDENT_BOTH = 'julia.jankowska@demo.lektorium.pl'
export const STUDENT_INCOMPLETE = 'zofia.michalska@demo.lektorium.pl'
/** Polish-speaking, with human lessons, at the partner company (sees IT teachers). */
export const STUDENT_PARTNER = 'aleksandra.krawczyk@demo.lektorium.pl'
export const STUDENT_AI_ONLY = 'pawel.kozlowski@demo.lektorium.pl'
/** Has the demo's lesson of the moment with Anna (starting now at every start of the server). */
export const STUDENT_NOW = 'piotr.wisniewski@demo.lektorium.pl'

/** The login screen (page object): the same form serves /login, /login/teacher and /login/student. */
export class LoginPage {
  readonly page: Page

  constructor(page: Page) {
    this.page = page
  }

  /** Opens `path`; by default the README's address, which the guard sends to /login. */
  async goto(path = '/') {
    await this.page.goto(path)
    await expect(this.submit).toBeVisible()
  }

  get email() {
    return this.page.getByRole('textbox', { name: /e-mail/i })
  }

  get password() {
    return this.page.getByLabel(/^(Hasło|Password)/).first()
  }

  get submit() {
    return this.page.getByRole('button', { name: /^(Zaloguj się|Sign in)$/ })
  }

  async signIn(email: string, password = DEMO_PASSWORD) {
    await this.email.fill(email)
    await this.password.fill(password)
    await this.submit.click()
  }

  async switchLanguage(code: 'PL' | 'EN') {
    await this.page.getByText(code, { exact: true }).click()
  }
}

/** A new page of `context`, signed in as `email` from the login page at `path`. */
export async function signedInPage(context: BrowserContext, email: string, path: string): Promise<Page> {
  const page = await context.newPage()
  const login = new LoginPage(page)
  await login.goto(path)
  await login.signIn(email)
  await expect(page).toHaveURL(/\/dashboard\//)
  return page
}

export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('auth'))
  const parsed: unknown = JSON.parse(raw ?? 'null')
  if (parsed && typeof parsed === 'object' && 'token' in parsed && typeof parsed.token === 'string')
    return parsed.token
  throw new Error('no stored session')
}

/**
 * A page of a fresh context in Poland's time, camera and microphone allowed, signed in as `email`
 * (the lesson room's journeys and the recording bench; the browser runs with fake devices).
 */
export async function signInWithMedia(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await newStoryContext(browser, { baseURL, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' })
  await context.grantPermissions(['camera', 'microphone'])
  const page = await context.newPage()
  const login = new LoginPage(page)
  await login.goto('/login')
  await login.signIn(email)
  await page.waitForURL(/\/dashboard\//)
  return page
}
