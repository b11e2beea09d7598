import { act } from '@testing-library/react'
import { vi } from 'vitest'
import { VOICE_SAMPLE } from '../../domain/voice-sample.ts'
import type { RecordingDeps } from '../features/voice-sample/record-voice-sample.ts'

// The voice-sample recorder's microphone and seconds under a unit test's control (the PCM capture
// and the WAV encoding are the real ones' job: pcm-capture, wav-encoder).

/** A microphone that gives 10.1 s of a steady tone (or refuses, as a blocked prompt does). */
export function fakeMicrophone(deny = false) {
  const opened = vi.fn()
  const stopped = vi.fn()
  const seconds: (() => void)[] = []
  const deps: RecordingDeps = {
    openMicrophone: async () => {
      opened()
      if (deny) throw new DOMException('Permission denied', 'NotAllowedError')
      return {
        // 10.1 s of a steady tone: the recorder keeps exactly 10 s of it.
        capture: async () => ({
          stop: async () => [0, 1].map(() => new Float32Array(VOICE_SAMPLE.sampleRate * 10.1).fill(0.1)),
        }),
        release: stopped,
      }
    },
    tick: () => new Promise<void>((resolve) => seconds.push(resolve)),
  }
  /** Lets one second of the countdown pass. */
  const passSecond = () => act(() => seconds.shift()?.())
  return { deps, opened, stopped, passSecond }
}
