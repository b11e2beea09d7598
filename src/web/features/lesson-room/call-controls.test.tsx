// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { teacherProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { RoomMediaControls } from '../recordings/room-media.tsx'
import { RoomRecording } from '../recordings/room-recording.tsx'
import type { CallSnapshot } from './call/call-session.ts'
import { CallControls } from './call-controls.tsx'

// The room's toolbar as a phone shows it: every control names itself under its glyph (a phone has
// no hover for tooltips), and no two controls share a glyph (the answer's recording looked like the
// microphone, the capture like the camera).

const LESSON = '00000000-0000-4000-8000-000000000042'
const call: CallSnapshot = {
  phase: 'connected',
  end: null,
  refusal: null,
  cancellation: null,
  remote: { presence: 'present', media: null },
  localStream: null,
  localAudio: null,
  remoteStream: null,
  microphoneOn: true,
  cameraOn: true,
  sharingScreen: false,
  stats: null,
  closesAt: null,
}
const actions = {
  toggleMicrophone: vi.fn(),
  toggleCamera: vi.fn(),
  toggleScreenShare: vi.fn(),
  switchDevice: vi.fn(),
  toggleChat: vi.fn(),
  openMaterials: vi.fn(),
  reportAbsence: vi.fn(),
  leave: vi.fn(),
}

function toolbar(role: 'teacher' | 'student') {
  renderScreen(
    '/',
    '/',
    <RoomRecording
      lessonId={LESSON}
      role={role}
      otherName="Piotr Wiśniewski"
      call={{ localVideo: null, localAudio: null, remote: null, sharingScreen: false, remoteSharing: false }}
      events={{ subscribe: () => () => undefined }}
    >
      <CallControls
        call={call}
        actions={actions}
        devices={{ audio: undefined, video: undefined }}
        canShareScreen
        chatOpen={false}
        unread={0}
        canReportAbsence
        leaveRef={null}
        recordControl={<RoomMediaControls />}
      />
    </RoomRecording>,
  )
  return screen.getByRole('toolbar')
}

/** The Tabler glyph a control draws ("microphone", "screenshot"…), without its -off/-filled/-2 kin. */
const glyph = (button: HTMLElement) =>
  [...(button.querySelector('svg')?.classList ?? [])]
    .find((name) => name.startsWith('tabler-icon-') && name !== 'tabler-icon')
    ?.replace(/^tabler-icon-/, '')
    .replace(/(-off|-filled|-\d+)+$/, '')

describe('the room’s toolbar', () => {
  beforeEach(() => {
    activateLocale('pl')
    signInAs(teacherProfile())
    routeFetch({ 'GET /api/v1/lessons/archives/list': { status: 200, body: { data: [] } } })
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('names every control of the teacher under its glyph, and no two share a glyph', () => {
    const buttons = within(toolbar('teacher')).getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Mikrofon',
      'Kamera',
      'Ustawienia',
      'Ekran',
      'Nagrywaj',
      'Zrzut',
      'Nagrania',
      'Czat',
      'Materiały',
      'Nieobecność',
      'Opuść',
    ])
    const glyphs = buttons.map(glyph)
    expect(new Set(glyphs).size).toBe(buttons.length)
    for (const button of buttons) {
      // The visible name is a word of the spoken one (WCAG "Label in Name", as axe checks it: by
      // words, so "Ekran" in "Udostępnianie ekranu" would not do).
      const words = (button.getAttribute('aria-label') ?? '').toLowerCase().split(/\s+/)
      expect(words).toContain(button.textContent?.toLowerCase())
    }
  })

  it('gives the student’s answer a waveform, not a microphone, and the capture a screenshot frame, in English too', () => {
    activateLocale('en')
    const bar = toolbar('student')
    const answer = within(bar).getByRole('button', { name: 'Record an answer' })
    expect(answer.textContent).toBe('Answer')
    expect(glyph(answer)).toBe('waveform')
    const capture = within(bar).getByRole('button', { name: 'Capture the screen into the materials' })
    expect(capture.textContent).toBe('Capture')
    expect(glyph(capture)).toBe('screenshot')
  })
})
