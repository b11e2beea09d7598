// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { VoiceRecording } from '../../domain/api/my-lessons.ts'
import { activateLocale } from '../config/i18n.ts'
import { renderScreen } from '../test-utils.tsx'
import { VoiceClipList } from './voice-clip-list.tsx'

// A lesson's voice clips look like clips: a row each with its time and length, known before the
// clip loads, and one button to play it.

const clip = (n: number, over: Partial<VoiceRecording> = {}): VoiceRecording => ({
  id: `30000000-0000-4000-8000-00000000000${n}`,
  url: `/api/v1/files/voice-${n}.webm?sig=x`,
  size: 48_000,
  created_at: '2026-11-24T10:05:00.000Z',
  duration_ms: 3250,
  ...over,
})

describe('the voice clips', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('lists each clip with its Poland time and length, with no player counting "0:00 / 0:00"', async () => {
    await activateLocale('pl')
    renderScreen(
      '/',
      '/',
      <VoiceClipList
        clips={[clip(1), clip(2, { created_at: '2026-11-24T10:12:00.000Z', duration_ms: 95_000 })]}
      />,
    )
    const list = screen.getByRole('list', { name: 'Nagrania głosu' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Nagranie 1, 11:05, 0:03',
      'Nagranie 2, 11:12, 1:35',
    ])
    expect(rows[0]?.textContent).toBe('1.11:050:03')
    expect(list.querySelector('audio')).toBeNull()
    expect(within(list).getByRole('button', { name: 'Odtwórz nagranie 2' })).toBeTruthy()
  })

  it('plays a clip on its button, which then pauses it', async () => {
    await activateLocale('pl')
    const played: string[] = []
    class FakeAudio extends EventTarget {
      paused = true
      readonly src: string
      constructor(src: string) {
        super()
        this.src = src
      }
      play() {
        played.push(this.src)
        this.paused = false
        this.dispatchEvent(new Event('playing'))
        return Promise.resolve()
      }
      pause() {
        this.paused = true
        this.dispatchEvent(new Event('pause'))
      }
    }
    vi.stubGlobal('Audio', FakeAudio)
    renderScreen('/', '/', <VoiceClipList clips={[clip(1)]} />)
    fireEvent.click(screen.getByRole('button', { name: 'Odtwórz nagranie 1' }))
    const pause = await screen.findByRole('button', { name: 'Zatrzymaj nagranie 1' })
    expect(played).toEqual(['/api/v1/files/voice-1.webm?sig=x'])
    fireEvent.click(pause)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Odtwórz nagranie 1' })).toBeTruthy())
  })
})
