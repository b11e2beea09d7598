import { expect, type Page } from '@playwright/test'
import { mp4Like, pngSquare } from './files.ts'

/** The teacher registration (six steps) as a page object. */
export class TeacherRegistrationPage {
  readonly page: Page

  constructor(page: Page) {
    this.page = page
  }

  async next() {
    await this.page.getByRole('button', { name: 'Dalej' }).click()
  }

  heading(name: string) {
    return this.page.getByRole('heading', { name })
  }

  async fillDetails(email: string, password: string) {
    const p = this.page
    await p.getByRole('textbox', { name: 'Imię' }).fill('marianna')
    await p.getByRole('textbox', { name: 'Nazwisko' }).fill('KOWALCZYK-nowak')
    await p.getByRole('textbox', { name: /Numer telefonu/ }).fill('512 345 678')
    await p.getByLabel('Data urodzenia').fill('1990-04-12')
    await p.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await expect(p.getByText('Adres jest wolny.')).toBeVisible()
    await p.getByRole('textbox', { name: 'Hasło', exact: true }).fill(password)
    await p.getByRole('textbox', { name: 'Powtórz hasło' }).fill(password)
  }

  async choosePicture() {
    await this.page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngSquare() })
  }

  async chooseVideo() {
    await this.page
      .locator('input[type=file]')
      .setInputFiles({ name: 'hello.mp4', mimeType: 'video/mp4', buffer: mp4Like() })
  }

  async pick(label: string, option: string) {
    await this.page.getByRole('combobox', { name: label, exact: true }).click()
    await this.page.getByRole('option', { name: new RegExp(`^${option}$`, 'i') }).click()
    await this.page.keyboard.press('Escape')
  }

  async fillSkills() {
    const p = this.page
    await p
      .getByRole('textbox', { name: 'Opis dla kursantów' })
      .fill('Uczę angielskiego od dziesięciu lat, prowadzę lekcje konwersacyjne i przygotowuję do egzaminów.')
    await this.pick('Język', 'angielski')
    await this.pick('Poziom', 'C1')
    await this.pick('Specjalizacje', 'biznes')
    await this.pick('Języki, w których prowadzisz lekcje', 'polski')
  }

  async fillBilling() {
    const p = this.page
    await p.getByRole('textbox', { name: 'Numer konta (IBAN)' }).fill('PL61 1090 1014 0000 0712 1981 2874')
    await p.getByRole('textbox', { name: 'Ulica' }).fill('Marszałkowska')
    await p.getByRole('textbox', { name: 'Numer budynku' }).fill('12')
    await p.getByRole('textbox', { name: 'Kod pocztowy' }).fill('00-590')
    await p.getByRole('textbox', { name: 'Miejscowość' }).fill('Warszawa')
    await p.getByRole('textbox', { name: 'Kraj' }).fill('Polska')
  }

  async acceptRequiredAgreements() {
    await this.page.getByRole('checkbox', { name: /Akceptuję regulamin/ }).check()
    await this.page.getByRole('checkbox', { name: /Akceptuję zasady współpracy/ }).check()
  }
}
