import { describe, expect, it } from 'vitest'
import { speechWebm } from '../../test-support/speech-webm.ts'
import { readWebmAudio, splitAudio } from './audio-parts.ts'

// The audio track's cutting for a transcription API's size limit.

describe('splitAudio', () => {
  it('leaves a track within the limit whole', () => {
    const audio = speechWebm(3, [])
    expect(splitAudio(audio, audio.length)).toEqual([{ bytes: audio, offsetSeconds: 0 }])
  })

  it('cuts a track over the limit into WebM parts within it, each from 0 s, cut in the pauses', () => {
    // 70 s with a pause every 20 s; about 550 kB, parts of at most 200 kB.
    const audio = speechWebm(70, [
      [19, 20.5],
      [39, 40.5],
      [59, 60.5],
    ])
    const whole = readWebmAudio(audio)
    const parts = splitAudio(audio, 200_000) ?? []
    expect(parts.length).toBeGreaterThanOrEqual(3)
    let blocks = 0
    for (const part of parts) {
      expect(part.bytes.length).toBeLessThanOrEqual(200_000)
      const read = readWebmAudio(part.bytes)
      expect(read?.blocks[0]?.tick).toBe(0)
      // Times go on across the part's clusters as they did in the whole track.
      const ticks = read?.blocks.map((block) => block.tick) ?? []
      expect(ticks.every((tick, i) => i === 0 || tick === (ticks[i - 1] ?? 0) + 20)).toBe(true)
      blocks += read?.blocks.length ?? 0
    }
    expect(blocks).toBe(whole?.blocks.length)
    for (const part of parts.slice(1)) {
      const pause = [19, 39, 59].find(
        (from) => part.offsetSeconds >= from && part.offsetSeconds <= from + 1.5,
      )
      expect(pause, `a cut at ${part.offsetSeconds} s`).toBeDefined()
    }
  })

  it('cannot cut what is not WebM audio', () => {
    expect(splitAudio(Buffer.alloc(5000, 7), 1000)).toBeNull()
  })
})
