// product-rules.md "Voice sample": 10 s, WAV, 44 100 Hz, 16 bit, 2 channels, named voice-confirmation.wav.
// The server judges an upload by its content (docs/lesson-room-protocol.md §5); the web's encoder
// writes exactly this format. Both read these numbers from here.

export const VOICE_SAMPLE = {
  fileName: 'voice-confirmation.wav',
  sampleRate: 44_100,
  bitsPerSample: 16,
  channels: 2,
  seconds: 10,
  /** The accepted duration, from the data chunk's size (a recorder stops within a frame or two). */
  minSeconds: 9.5,
  maxSeconds: 10.5,
} as const

export const VOICE_BLOCK_ALIGN = (VOICE_SAMPLE.channels * VOICE_SAMPLE.bitsPerSample) / 8
export const VOICE_BYTE_RATE = VOICE_SAMPLE.sampleRate * VOICE_BLOCK_ALIGN

/** Room for the longest accepted sample plus chunks a recorder may add (LIST, fact, …). */
export const VOICE_SAMPLE_MAX_BYTES = Math.ceil(VOICE_SAMPLE.maxSeconds * VOICE_BYTE_RATE) + 64 * 1024

const WAVE_FORMAT_PCM = 1
const WAVE_FORMAT_EXTENSIBLE = 0xfffe

export type VoiceSampleCheck = { ok: true; seconds: number } | { ok: false; reason: string }

const text = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))

type Format = {
  tag: number
  channels: number
  sampleRate: number
  byteRate: number
  blockAlign: number
  bits: number
}

function readFormat(view: DataView, at: number, size: number): Format | null {
  if (size < 16) return null
  const format = {
    tag: view.getUint16(at, true),
    channels: view.getUint16(at + 2, true),
    sampleRate: view.getUint32(at + 4, true),
    byteRate: view.getUint32(at + 8, true),
    blockAlign: view.getUint16(at + 12, true),
    bits: view.getUint16(at + 14, true),
  }
  // WAVE_FORMAT_EXTENSIBLE names its real format in the first two bytes of the sub-format GUID.
  if (format.tag === WAVE_FORMAT_EXTENSIBLE) {
    if (size < 40) return null
    return { ...format, tag: view.getUint16(at + 24, true) }
  }
  return format
}

function formatProblem(format: Format): string | null {
  if (format.tag !== WAVE_FORMAT_PCM) return 'not PCM'
  if (format.channels !== VOICE_SAMPLE.channels) return `${format.channels} channels`
  if (format.sampleRate !== VOICE_SAMPLE.sampleRate) return `${format.sampleRate} Hz`
  if (format.bits !== VOICE_SAMPLE.bitsPerSample) return `${format.bits} bit`
  if (format.blockAlign !== VOICE_BLOCK_ALIGN || format.byteRate !== VOICE_BYTE_RATE)
    return 'inconsistent fmt'
  return null
}

/**
 * Walks the RIFF chunks (each `id`, little-endian `size`, data padded to an even length) and checks
 * the `fmt ` chunk and the length of the `data` chunk that follows it.
 */
export function checkVoiceSample(bytes: Uint8Array): VoiceSampleCheck {
  if (bytes.length < 12 || text(bytes, 0) !== 'RIFF' || text(bytes, 8) !== 'WAVE') {
    return { ok: false, reason: 'not RIFF/WAVE' }
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const end = Math.min(bytes.length, 8 + view.getUint32(4, true))
  let format: Format | null = null
  for (let at = 12; at + 8 <= end; ) {
    const id = text(bytes, at)
    const size = view.getUint32(at + 4, true)
    const body = at + 8
    if (body + size > end) return { ok: false, reason: `${id.trim()} chunk runs past the end` }
    if (id === 'fmt ') {
      format = readFormat(view, body, size)
      const problem = format ? formatProblem(format) : 'short fmt chunk'
      if (problem) return { ok: false, reason: problem }
    } else if (id === 'data') {
      if (!format) return { ok: false, reason: 'data before fmt' }
      if (size % VOICE_BLOCK_ALIGN !== 0) return { ok: false, reason: 'partial frame' }
      const seconds = size / VOICE_BYTE_RATE
      if (seconds < VOICE_SAMPLE.minSeconds || seconds > VOICE_SAMPLE.maxSeconds) {
        return { ok: false, reason: `${seconds.toFixed(2)} s` }
      }
      return { ok: true, seconds }
    }
    at = body + size + (size % 2)
  }
  return { ok: false, reason: format ? 'no data chunk' : 'no fmt chunk' }
}
