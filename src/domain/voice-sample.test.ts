import { describe, expect, it } from 'vitest'
import { checkVoiceSample } from './voice-sample.ts'

type Fmt = { tag?: number; channels?: number; rate?: number; bits?: number; extensible?: number }

function chunk(id: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.length + (body.length % 2))
  out.set([...id].map((c) => c.charCodeAt(0)))
  new DataView(out.buffer).setUint32(4, body.length, true)
  out.set(body, 8)
  return out
}

function fmt({ tag = 1, channels = 2, rate = 44_100, bits = 16, extensible }: Fmt = {}): Uint8Array {
  const body = new Uint8Array(extensible === undefined ? 16 : 40)
  const view = new DataView(body.buffer)
  const align = (channels * bits) / 8
  view.setUint16(0, extensible === undefined ? tag : 0xfffe, true)
  view.setUint16(2, channels, true)
  view.setUint32(4, rate, true)
  view.setUint32(8, rate * align, true)
  view.setUint16(12, align, true)
  view.setUint16(14, bits, true)
  if (extensible !== undefined) view.setUint16(24, extensible, true)
  return chunk('fmt ', body)
}

function riff(...chunks: Uint8Array[]): Uint8Array {
  const size = 4 + chunks.reduce((sum, c) => sum + c.length, 0)
  const out = new Uint8Array(8 + size)
  out.set([...'RIFF'].map((c) => c.charCodeAt(0)))
  new DataView(out.buffer).setUint32(4, size, true)
  out.set(
    [...'WAVE'].map((c) => c.charCodeAt(0)),
    8,
  )
  let at = 12
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

const data = (seconds: number) => chunk('data', new Uint8Array(Math.round(seconds * 44_100) * 4))

describe('checkVoiceSample', () => {
  it('accepts 10 s of 44 100 Hz 16-bit stereo PCM, also after other chunks and as WAVE_FORMAT_EXTENSIBLE', () => {
    expect(checkVoiceSample(riff(fmt(), data(10)))).toEqual({ ok: true, seconds: 10 })
    const list = chunk('LIST', new Uint8Array(7)) // odd size: padded to an even length
    expect(checkVoiceSample(riff(list, fmt(), list, data(9.5))).ok).toBe(true)
    expect(checkVoiceSample(riff(fmt({ extensible: 1 }), data(10.5))).ok).toBe(true)
  })

  it.each([
    ['too short', riff(fmt(), data(9.4))],
    ['too long', riff(fmt(), data(10.6))],
    ['mono', riff(fmt({ channels: 1 }), data(20))],
    ['48 kHz', riff(fmt({ rate: 48_000 }), data(10))],
    ['8 bit', riff(fmt({ bits: 8 }), data(20))],
    ['IEEE float', riff(fmt({ tag: 3, bits: 32 }), data(5))],
    ['extensible float', riff(fmt({ extensible: 3 }), data(10))],
    ['no fmt', riff(data(10))],
    ['no data', riff(fmt())],
    ['data before fmt', riff(data(10), fmt())],
  ])('refuses %s', (_name, bytes) => {
    expect(checkVoiceSample(bytes).ok).toBe(false)
  })

  it('refuses a data chunk that claims more bytes than the file has, and a non-WAV file', () => {
    const whole = riff(fmt(), data(10))
    expect(checkVoiceSample(whole.subarray(0, whole.length - 1000)).ok).toBe(false)
    expect(checkVoiceSample(new TextEncoder().encode('RIFF....WEBPVP8 ')).ok).toBe(false)
    expect(checkVoiceSample(new Uint8Array(0)).ok).toBe(false)
  })
})
