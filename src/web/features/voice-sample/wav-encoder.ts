import { VOICE_BLOCK_ALIGN, VOICE_BYTE_RATE, VOICE_SAMPLE } from '../../../domain/voice-sample.ts'

// product-rules.md "Voice sample": a canonical 44-byte-header WAV (RIFF, `fmt ` PCM, `data`),
// 16-bit little-endian samples interleaved left/right. Written here rather than by MediaRecorder,
// which gives Opus/WebM and no WAV in any browser.

const HEADER_BYTES = 44

function writeText(view: DataView, at: number, value: string) {
  for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i))
}

/** A float sample (-1…1, clipped) as a signed 16-bit integer. */
export function toInt16(sample: number): number {
  const clipped = Math.max(-1, Math.min(1, Number.isNaN(sample) ? 0 : sample))
  return clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff)
}

/**
 * Encodes the voice-sample format from per-channel frames. One given channel (a mono microphone)
 * is written to both; more than two keep the first two.
 */
export function encodeWav(channels: readonly Float32Array[]): Uint8Array<ArrayBuffer> {
  const left = channels[0] ?? new Float32Array(0)
  const right = channels[1] ?? left
  const frames = Math.min(left.length, right.length)
  const dataBytes = frames * VOICE_BLOCK_ALIGN
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes)
  const view = new DataView(bytes.buffer)
  writeText(view, 0, 'RIFF')
  view.setUint32(4, HEADER_BYTES - 8 + dataBytes, true)
  writeText(view, 8, 'WAVE')
  writeText(view, 12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, VOICE_SAMPLE.channels, true)
  view.setUint32(24, VOICE_SAMPLE.sampleRate, true)
  view.setUint32(28, VOICE_BYTE_RATE, true)
  view.setUint16(32, VOICE_BLOCK_ALIGN, true)
  view.setUint16(34, VOICE_SAMPLE.bitsPerSample, true)
  writeText(view, 36, 'data')
  view.setUint32(40, dataBytes, true)
  for (let frame = 0, at = HEADER_BYTES; frame < frames; frame++, at += VOICE_BLOCK_ALIGN) {
    view.setInt16(at, toInt16(left[frame] ?? 0), true)
    view.setInt16(at + 2, toInt16(right[frame] ?? 0), true)
  }
  return bytes
}
