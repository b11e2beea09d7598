import { expect } from '@playwright/test'
import { LoginPage, STUDENT_AI_ONLY } from './support/login-page.ts'
import { test } from './support/story.ts'

// decisions.md "/lessons/dummy and /teachers/dummy": a student without lessons with a teacher, sent
// to the profile from set-lessons or my-lessons, sees the school's teachers (GET /teachers/dummy)
// and, from my-lessons, sample lessons (GET /lessons/dummy) — nothing to book or open.

test('a student without lessons with a teacher sees the school’s teachers and sample lessons', async ({
  page,
}) => {
  const login = new LoginPage(page)
  await login.goto('/login/student')
  await login.signIn(STUDENT_AI_ONLY)
  await expect(page).toHaveURL(/\/dashboard\//)
  await page.goto('/dashboard/profile?redirect=set-lessons')
  const preview = page.getByRole('region', { name: 'Nasi lektorzy' })
  await expect(preview.getByText('Anna Nowak')).toBeVisible()
  await expect(preview.getByRole('list', { name: 'Języki: Anna Nowak' })).toContainText('Angielski C2')
  // A teacher who does not take new students is not shown.
  await expect(preview.getByText('Michał Lewandowski')).toHaveCount(0)
  await expect(preview.getByText(/przykład/)).toHaveCount(0)
  await page.goto('/dashboard/profile?redirect=my-lessons')
  await expect(preview.getByText('Tak będą wyglądać Twoje lekcje (przykład)')).toBeVisible()
  await expect(preview.getByText(/· zaplanowana$/)).toBeVisible()
  await expect(preview.getByText(/· zakończona$/)).toBeVisible()
  await expect(preview.getByRole('button')).toHaveCount(0)
})
