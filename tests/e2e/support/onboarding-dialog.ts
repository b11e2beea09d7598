import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import { VOICE_SAMPLE } from '../../../src/domain/voice-sample.ts'
import { encodeWav } from '../../../src/web/features/voice-sample/wav-encoder.ts'
import { dayMonth, weekdayName } from '../../../src/web/ui/slot-format.ts'
import { DEMO_PASSWORD } from './login-page.ts'
import { typeTime } from './time-field.ts'

// The LanguageOnboarding dialog (product-rules.md "Language onboarding") as a page object: its six
// steps, Find teacher and what it found.

export type Answers = { level: string; date: string; time: string; about: string }

/** How the date select names a date: "poniedziałek 30.11". */
export const dateLabel = (date: string) => `${weekdayName(date, 'pl')} ${dayMonth(date)}`

export class OnboardingDialog {
  readonly page: Page
  readonly dialog: Locator

  constructor(page: Page) {
    this.page = page
    this.dialog = page.getByRole('dialog', { name: 'Dobierz lektora' })
  }

  /** From set-lessons: the offer of a first-time student, or the link that reopens it. */
  async open() {
    await this.page.getByRole('button', { name: /^Dobierz lektora/ }).click()
    await expect(this.dialog).toBeVisible()
  }

  step(number: number): Locator {
    return this.dialog.getByRole('button', { name: new RegExp(`^Krok ${number}: `) })
  }

  combobox(name: string): Locator {
    return this.dialog.getByRole('combobox', { name, exact: true })
  }

  async choose(name: string, option: string) {
    await this.combobox(name).click()
    await this.page.getByRole('option', { name: option, exact: true }).click()
  }

  async next() {
    await this.dialog.getByRole('button', { name: 'Dalej' }).click()
  }

  /** Steps 2 to 5 (step 1 comes preset); the student already has a voice sample (step 6). */
  async answer({ level, date, time, about }: Answers) {
    await this.next()
    await this.choose('Twój poziom', level)
    await this.next()
    await this.next()
    await this.chooseDateTime(date, time)
    await this.next()
    await this.dialog.getByRole('textbox', { name: 'Kilka słów o sobie' }).fill(about)
    await this.next()
    await expect(this.dialog.getByText('Twoja próbka głosu jest zapisana.')).toBeVisible()
  }

  async chooseDateTime(date: string, time: string) {
    await this.choose('Dzień pierwszej lekcji', dateLabel(date))
    await typeTime(this.dialog.getByRole('group', { name: 'Godzina (czas polski)' }), time)
  }

  async find() {
    await this.dialog.getByRole('button', { name: 'Znajdź lektora' }).click()
  }

  changeCriteria(): Locator {
    return this.dialog.getByRole('button', { name: 'Zmień kryteria wyszukiwania' })
  }
}

/** 10 s of a quiet 440 Hz tone in the recorder's own encoding. */
function voiceSample(): Buffer {
  const frames = VOICE_SAMPLE.seconds * VOICE_SAMPLE.sampleRate
  const tone = Float32Array.from(
    { length: frames },
    (_, i) => 0.2 * Math.sin((2 * Math.PI * 440 * i) / VOICE_SAMPLE.sampleRate),
  )
  return Buffer.from(encodeWav([tone]))
}

/**
 * The student's voice sample, uploaded as the recorder would (the format of product-rules.md
 * "Voice sample"), before the journey.
 */
export async function giveVoiceSample(request: APIRequestContext, baseUrl: string, email: string) {
  const signIn = await request.post(`${baseUrl}/api/v1/users/sign_in`, {
    data: { email, password: DEMO_PASSWORD, remember: false },
  })
  expect(signIn.ok()).toBe(true)
  const { data } = (await signIn.json()) as { data: { token: string } }
  const upload = await request.post(`${baseUrl}/api/v1/students/update`, {
    headers: { authorization: `Bearer ${data.token}` },
    multipart: {
      voice_sample: { name: 'voice-confirmation.wav', mimeType: 'audio/wav', buffer: voiceSample() },
    },
  })
  expect(upload.ok()).toBe(true)
  return data.token
}
