import { describe, expect, it } from 'vitest'
import { checkVoiceSample, VOICE_SAMPLE } from '../../../domain/voice-sample.ts'
import { encodeWav, toInt16 } from './wav-encoder.ts'

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))

describe('encodeWav', () => {
  it('writes the RIFF/WAVE PCM header of 44 100 Hz, 16 bit, 2 channels with the right sizes', () => {
    const frames = 441
    const bytes = encodeWav([new Float32Array(frames), new Float32Array(frames)])
    const view = new DataView(bytes.buffer)
    expect(bytes.length).toBe(44 + frames * 4)
    expect(ascii(bytes, 0)).toBe('RIFF')
    expect(view.getUint32(4, true)).toBe(bytes.length - 8)
    expect(ascii(bytes, 8)).toBe('WAVE')
    expect(ascii(bytes, 12)).toBe('fmt ')
    expect(view.getUint32(16, true)).toBe(16)
    expect(view.getUint16(20, true)).toBe(1)
    expect(view.getUint16(22, true)).toBe(2)
    expect(view.getUint32(24, true)).toBe(44_100)
    expect(view.getUint32(28, true)).toBe(176_400)
    expect(view.getUint16(32, true)).toBe(4)
    expect(view.getUint16(34, true)).toBe(16)
    expect(ascii(bytes, 36)).toBe('data')
    expect(view.getUint32(40, true)).toBe(frames * 4)
  })

  it('interleaves left and right and copies a mono microphone to both channels', () => {
    const stereo = new DataView(encodeWav([Float32Array.of(1, -1), Float32Array.of(-1, 0.5)]).buffer)
    expect([0, 1, 2, 3].map((i) => stereo.getInt16(44 + i * 2, true))).toEqual([32767, -32768, -32768, 16384])
    const mono = new DataView(encodeWav([Float32Array.of(0.25)]).buffer)
    expect([mono.getInt16(44, true), mono.getInt16(46, true)]).toEqual([8192, 8192])
  })

  it('clips out-of-range samples and silences NaN', () => {
    expect([toInt16(3), toInt16(-3), toInt16(Number.NaN)]).toEqual([32767, -32768, 0])
  })

  it('makes 10 s of recording a sample the server accepts, and 5 s one it refuses', () => {
    const frames = (seconds: number) => new Float32Array(VOICE_SAMPLE.sampleRate * seconds)
    expect(checkVoiceSample(encodeWav([frames(10), frames(10)]))).toEqual({ ok: true, seconds: 10 })
    expect(checkVoiceSample(encodeWav([frames(5)])).ok).toBe(false)
  })
})
