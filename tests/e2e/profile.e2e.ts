import { expect, type Page } from '@playwright/test'
import { mp4Like, pngSquare } from './support/files.ts'
import { DEMO_PASSWORD, LoginPage, STUDENT_BOTH } from './support/login-page.ts'
import { test } from './support/story.ts'

// The profile and its edit dialogs, their success toasts (helper toasts last 1.5 s,
// product-rules.md "Constants and limits").
// A demo teacher that no other journey uses, so the edits cannot disturb other tests.
const TEACHER = 'piotr.kowalski@demo.lektorium.pl'

async function openProfile(page: Page, email: string) {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(email)
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto('/dashboard/profile')
}

/** Opens a dialog from its section's edit button, lets `fill` change it, saves, awaits the toast. */
async function editAndSave(
  page: Page,
  edit: string,
  title: string,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
  toast: string,
  save = 'Zapisz',
) {
  await page.getByRole('button', { name: edit, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  await fill(dialog)
  // The same toast of the step before may still be showing (1.5 s): this save's must be its own.
  await expect(page.getByRole('alert').filter({ hasText: toast })).toHaveCount(0)
  await dialog.getByRole('button', { name: save, exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: toast })).toBeVisible()
  await expect(dialog).toBeHidden()
}

test('a teacher edits every part of the profile and each save is confirmed', async ({ page }) => {
  await openProfile(page, TEACHER)

  await editAndSave(
    page,
    'Edytuj dane osobowe',
    'Edytuj dane osobowe',
    async (d) => {
      await d.getByRole('textbox', { name: /Numer telefonu/ }).fill('600 700 800')
    },
    'Dane profilu zostały zaktualizowane',
  )
  await expect(page.getByText(/600 700 800/)).toBeVisible()

  const description =
    'Tłumacz przysięgły i lektor hiszpańskiego z piętnastoletnim doświadczeniem w nauczaniu dorosłych.'
  await editAndSave(
    page,
    'Edytuj opis',
    'Edytuj opis',
    async (d) => {
      await d.getByRole('textbox').fill(description)
    },
    'Opis został zaktualizowany',
  )
  await expect(page.getByText(description)).toBeVisible()

  await editAndSave(
    page,
    'Edytuj sekcję „O mnie”',
    'Edytuj sekcję „O mnie”',
    async (d) => {
      await d
        .getByRole('textbox', { name: 'O mnie' })
        .fill('Po lekcjach gram na gitarze i podróżuję po Andaluzji.')
    },
    'Dane zostały zaktualizowane',
  )

  await editAndSave(
    page,
    'Edytuj media społecznościowe',
    'Media społecznościowe',
    async (d) => {
      await d.getByRole('textbox', { name: 'Link 1' }).fill('https://www.linkedin.com/in/piotr-kowalski-demo')
    },
    'Dane zostały zaktualizowane',
  )

  await editAndSave(
    page,
    'Edytuj dane bankowe',
    'Dane bankowe',
    async (d) => {
      await d.getByRole('textbox', { name: 'Ulica' }).fill('Długa')
    },
    'Dane zostały zaktualizowane',
  )

  await editAndSave(
    page,
    'Edytuj języki',
    'Języki, których uczysz',
    async () => {},
    'Języki zostały zaktualizowane',
  )

  const newPassword = 'Inne-haslo-2026'
  await editAndSave(
    page,
    'Zmień hasło',
    'Zmień hasło',
    async (d) => {
      await d.getByRole('textbox', { name: 'Obecne hasło' }).fill(DEMO_PASSWORD)
      await d.getByRole('textbox', { name: 'Nowe hasło', exact: true }).fill(newPassword)
      await d.getByRole('textbox', { name: 'Powtórz nowe hasło' }).fill(newPassword)
    },
    'Hasło zostało zmienione',
    'Zmień hasło',
  )

  await page.getByRole('button', { name: 'Zmień zdjęcie' }).click()
  const preview = page.getByRole('dialog', { name: 'Zmień zdjęcie profilowe' })
  await preview
    .locator('input[type=file]')
    .setInputFiles({ name: 'nowe.png', mimeType: 'image/png', buffer: pngSquare(96, [200, 60, 60]) })
  await expect(preview.getByRole('img', { name: 'Podgląd nowego zdjęcia profilowego' })).toBeVisible()
  await preview.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Dane zostały zaktualizowane' })).toBeVisible()

  // Helper toasts close by themselves (1.5 s).
  await expect(page.getByRole('alert').filter({ hasText: 'Dane zostały zaktualizowane' })).toHaveCount(0)
  await page.getByRole('button', { name: /^(Zmień|Dodaj) film$/ }).click()
  const video = page.getByRole('dialog', { name: 'Zmień film powitalny' })
  await video
    .locator('input[type=file]')
    .setInputFiles({ name: 'witam.mp4', mimeType: 'video/mp4', buffer: mp4Like() })
  await video.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Dane zostały zaktualizowane' })).toBeVisible()
  await expect(video).toBeHidden()

  // The edits are stored: after a reload they are still there.
  await page.reload()
  await expect(page.getByText(description)).toBeVisible()
  await expect(page.getByText(/600 700 800/)).toBeVisible()
})

test('an English-speaking student unticks a learned language and the save is confirmed', async ({ page }) => {
  // The profile's locale (en) becomes the interface language after sign-in.
  await openProfile(page, STUDENT_BOTH)
  await page.getByRole('button', { name: 'Edit the languages you learn' }).click()
  const dialog = page.getByRole('dialog')
  const save = dialog.getByRole('button', { name: 'Save', exact: true })
  // product-rules.md "Validation": save only when something was unticked.
  await expect(save).toBeDisabled()
  await dialog.getByRole('checkbox').first().uncheck()
  await save.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Data updated successfully' })).toBeVisible()
})
