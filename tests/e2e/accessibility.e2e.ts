import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { LessonRoomPage } from './support/lesson-room-page.ts'
import { LoginPage, STUDENT_AI_ONLY, TEACHER } from './support/login-page.ts'
import { test } from './support/story.ts'

// axe-core over the screens where it once found something, at a desktop's and a phone's width:
// the sign-in and password-reset pages (content outside any landmark), the teacher's my-lessons
// (two landmarks of one name) and the AI lesson (a contrast too low, a button whose visible text
// was not part of its name). The bar is no violation of any impact, best practices included.
// The lesson room's toolbar is checked too, where its controls now show their names on phones.

// The room needs a camera and a microphone: the browser's fake ones (harmless to the other pages).
test.use({
  launchOptions: { executablePath: await findChromium(), args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] },
})

/** axe's findings on the page as it stands, one line each: impact, rule, where. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  )
}

async function signIn(page: Page, email: string) {
  const login = new LoginPage(page)
  await login.goto('/login')
  await login.signIn(email)
  await expect(page).toHaveURL(/\/dashboard\//)
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the sign-in and password-reset pages', async ({ page }) => {
      await new LoginPage(page).goto('/login')
      expect(await violations(page)).toEqual([])
      await page.goto('/password-reset')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await violations(page)).toEqual([])
    })

    test('the teacher’s my-lessons', async ({ page }) => {
      await signIn(page, TEACHER)
      await page.goto('/dashboard/my-lessons')
      await expect(page.getByRole('table').or(page.getByTestId('lesson')).first()).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Mój grafik' })).toBeVisible()
      // The teacher's week has loaded (its days are headings of their own).
      await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible()
      expect(await violations(page)).toEqual([])
    })

    test('the AI lesson', async ({ page }) => {
      await signIn(page, STUDENT_AI_ONLY)
      await expect(page).toHaveURL(/\/dashboard\/ai-lesson/)
      await expect(page.getByRole('tab').first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(await violations(page)).toEqual([])
    })
  })
}

// The teacher in the room of the demo's lesson of the moment.
test.describe('the lesson room’s toolbar', () => {
  async function joinAsTeacher(page: Page) {
    await signIn(page, TEACHER)
    const room = new LessonRoomPage(page)
    await room.openFromMyLessons()
    await room.join()
    const toolbar = page.getByRole('toolbar', { name: 'Sterowanie rozmową' })
    await expect(toolbar).toBeVisible()
    return { room, toolbar }
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true })

    test('names each control under it, leaves no tooltip after a tap, and axe finds nothing', async ({
      page,
    }) => {
      const { room, toolbar } = await joinAsTeacher(page)
      await expect(room.control('Mikrofon')).toHaveText('Mikrofon')
      await expect(room.control('Nagrywaj lekcję')).toHaveText('Nagrywaj')
      await expect(room.control('Zgłoś nieobecność')).toHaveText('Nieobecność')
      await room.control('Kamera').tap()
      await expect(room.control('Kamera')).toHaveAttribute('aria-pressed', 'false')
      await expect(page.getByRole('tooltip')).toHaveCount(0)
      expect(await violations(page)).toEqual([])
      await toolbar.getByRole('button', { name: 'Opuść lekcję', exact: true }).click()
    })
  })

  test('at 1280 px, a control’s tooltip shows for the mouse and goes with the click', async ({ page }) => {
    const { room, toolbar } = await joinAsTeacher(page)
    await room.control('Kamera').hover()
    await expect(page.getByRole('tooltip', { name: 'Wyłącz kamerę' })).toBeVisible()
    await room.control('Kamera').click()
    await expect(room.control('Kamera')).toHaveAttribute('aria-pressed', 'false')
    await expect(page.getByRole('tooltip')).toHaveCount(0)
    expect(await violations(page)).toEqual([])
    await toolbar.getByRole('button', { name: 'Opuść lekcję', exact: true }).click()
  })
})
