import { expect, type Locator, type Page } from '@playwright/test'

// The lesson room as a page object: the pre-join check, the call's state and media evidence (the
// stage carries the getStats numbers its quality indicator reads), and the chat.

export class LessonRoomPage {
  readonly page: Page

  constructor(page: Page) {
    this.page = page
  }

  /** Join on my-lessons (the lesson that starts now is the next lesson), then the pre-join check. */
  async openFromMyLessons() {
    await this.page.goto('/dashboard/my-lessons')
    await this.page
      .getByRole('link', { name: /^Dołącz do lekcji: / })
      .first()
      .click()
    await expect(this.page).toHaveURL(/\/dashboard\/video-call-vonage\?lesson_id=/)
    await expect(this.joinButton).toBeVisible()
  }

  /** Straight to a lesson's room (the lesson need not be the next one on my-lessons). */
  async open(lessonId: string) {
    await this.page.goto(`/dashboard/video-call-vonage?lesson_id=${lessonId}`)
    await expect(this.joinButton).toBeVisible()
  }

  /** The toolbar's control named `name` (Mikrofon, Kamera, Opuść lekcję…). */
  control(name: string): Locator {
    return this.page
      .getByRole('toolbar', { name: 'Sterowanie rozmową' })
      .getByRole('button', { name, exact: true })
  }

  /** The other party's microphone, camera and screen as the stage shows them. */
  get remoteMedia(): Locator {
    return this.page.getByTestId('remote-media')
  }

  get ended(): Locator {
    return this.page.getByTestId('room-ended')
  }

  get joinButton(): Locator {
    return this.page.getByRole('button', { name: 'Dołącz do lekcji', exact: true })
  }

  async join() {
    await expect(this.page.getByTestId('lobby-preview')).toBeVisible()
    await this.joinButton.click()
    await expect(this.page.getByTestId('lesson-room')).toBeVisible()
  }

  get phase(): Locator {
    return this.page.getByTestId('call-phase')
  }

  async expectConnected(timeout = 20_000) {
    await expect(this.phase).toHaveAttribute('data-phase', 'connected', { timeout })
  }

  /** Inbound audio bytes so far (getStats inbound-rtp, as the stage shows them). */
  async audioBytes(): Promise<number> {
    return Number(await this.page.getByTestId('call-stage').getAttribute('data-audio-bytes'))
  }

  localCandidateType(): Promise<string | null> {
    return this.page.getByTestId('call-stage').getAttribute('data-local-candidate')
  }

  /** The other party's picture has a size, its time advances, and their sound keeps arriving. */
  async expectMediaFlowing(timeout = 20_000) {
    const video = this.page.getByTestId('remote-video')
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout })
      .toBeGreaterThan(0)
    const time = await video.evaluate((element: HTMLVideoElement) => element.currentTime)
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout })
      .toBeGreaterThan(time + 0.5)
    const bytes = await this.audioBytes()
    await expect.poll(() => this.audioBytes(), { timeout }).toBeGreaterThan(bytes)
  }

  get chatLog(): Locator {
    return this.page.getByRole('log', { name: 'Wiadomości czatu' })
  }

  async sendChat(text: string) {
    const box = this.page.getByRole('textbox', { name: 'Wiadomość' })
    await box.fill(text)
    await box.press('Enter')
  }
}

export { giveVoiceSample, voiceSampleWav } from './voice-sample.ts'
