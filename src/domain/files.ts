import { RECORDING_CHUNK_MAX_BYTES, RECORDING_MAX_BYTES, VOICE_CLIP_MAX_BYTES } from './api/recordings.ts'
import { MATERIAL_MAX_BYTES, PICTURE_MAX_BYTES, VIDEO_MAX_BYTES } from './constants.ts'
import { VOICE_SAMPLE_MAX_BYTES } from './voice-sample.ts'

// What each kind of file may be (product-rules.md "Uploads"), judged by its content (magic bytes),
// never by its name or the browser's claimed type.

export type FileType =
  | 'jpeg'
  | 'png'
  | 'webp'
  | 'heic'
  | 'svg'
  | 'mp4'
  | 'wav'
  | 'pdf'
  /**
   * Any ZIP, as its first bytes say: the web's check and the server's first look. The server's
   * content check (server/platform/file-content.ts) makes it docx, xlsx or pptx, or refuses it;
   * files stored before that check existed keep it.
   */
  | 'office-zip'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'office-legacy'
  | 'csv'
  /** A lesson recording: the WebM that MediaRecorder makes, joined and made seekable. */
  | 'webm'
  /** A recording's chunk: bytes in the middle of a WebM stream, with no header of their own. */
  | 'chunk'

/**
 * `voice`: the profile's voice sample (product-rules.md "Voice sample"), whose WAV format is
 * checked further on upload.
 * `recording`, `recording-chunk`: a lesson recording and the chunks it is sent in.
 */
export type FileKind =
  | 'picture'
  | 'video'
  | 'material'
  | 'voice'
  | 'recording'
  | 'recording-chunk'
  /** A lesson recording made by Vonage: its composed archive, an MP4. */
  | 'provider-recording'
  /** A student's voice clip in the lesson room: Opus in WebM, as MediaRecorder makes it. */
  | 'voice-clip'

export const FILE_RULES: Record<FileKind, { types: readonly FileType[]; maxBytes: number; label: string }> = {
  picture: { types: ['jpeg', 'png'], maxBytes: PICTURE_MAX_BYTES, label: 'JPG, PNG' },
  video: { types: ['mp4'], maxBytes: VIDEO_MAX_BYTES, label: 'MP4' },
  voice: { types: ['wav'], maxBytes: VOICE_SAMPLE_MAX_BYTES, label: 'WAV' },
  recording: { types: ['webm'], maxBytes: RECORDING_MAX_BYTES, label: 'WebM' },
  'provider-recording': { types: ['mp4', 'webm'], maxBytes: RECORDING_MAX_BYTES, label: 'MP4, WebM' },
  'voice-clip': { types: ['webm'], maxBytes: VOICE_CLIP_MAX_BYTES, label: 'WebM' },
  // Chunks are only bytes: the recording they join into is checked as a whole.
  'recording-chunk': { types: ['chunk'], maxBytes: RECORDING_CHUNK_MAX_BYTES, label: 'WebM' },
  material: {
    types: [
      'wav',
      'mp4',
      'pdf',
      'jpeg',
      'png',
      'heic',
      'svg',
      'webp',
      'office-zip',
      'docx',
      'xlsx',
      'pptx',
      'office-legacy',
      'csv',
    ],
    maxBytes: MATERIAL_MAX_BYTES,
    label: 'WAV, MP4, PDF, JPG, PNG, HEIC, SVG, WEBP, DOC(X), XLS(X), PPT(X), CSV',
  },
}

export const MIME_BY_TYPE: Record<FileType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  'office-zip': 'application/octet-stream',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'office-legacy': 'application/octet-stream',
  csv: 'text/csv',
  webm: 'video/webm',
  chunk: 'application/octet-stream',
}

/** The extension a stored file's key gets from its sniffed type (never the client's file name). */
export const EXTENSION_BY_TYPE: Record<FileType, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
  svg: 'svg',
  mp4: 'mp4',
  wav: 'wav',
  pdf: 'pdf',
  'office-zip': 'ooxml',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  'office-legacy': 'cfb',
  csv: 'csv',
  webm: 'webm',
  chunk: 'chunk',
}

const isFileType = (value: string): value is FileType => Object.hasOwn(MIME_BY_TYPE, value)

/** The type an extension of EXTENSION_BY_TYPE stands for, or null. */
export function typeOfExtension(extension: string): FileType | null {
  for (const [type, ext] of Object.entries(EXTENSION_BY_TYPE)) {
    if (ext === extension && isFileType(type)) return type
  }
  return null
}

/** How many leading bytes `sniffFileType` needs. */
export const SNIFF_BYTES = 512

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to))

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'heim', 'heis'])
// ISO media files that are not MP4 video although they share its `ftyp` box: QuickTime, AVIF and
// JPEG 2000 images, Canon raw photos, and M4A/M4B/M4P audio.
const NOT_MP4_BRANDS = new Set(['qt  ', 'avif', 'avis', 'jp2 ', 'jpx ', 'crx ', 'M4A ', 'M4B ', 'M4P '])

function isoMediaType(brand: string): FileType | null {
  if (HEIC_BRANDS.has(brand)) return 'heic'
  return NOT_MP4_BRANDS.has(brand) ? null : 'mp4'
}

/** The type of a file from its first bytes (at least SNIFF_BYTES when available), or null. */
export function sniffFileType(head: Uint8Array): FileType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp'
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'wav'
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf'
  if (ascii(head, 4, 8) === 'ftyp') return isoMediaType(ascii(head, 8, 12))
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'office-zip'
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'office-legacy'
  // EBML, the container of WebM (and Matroska, which the content check then tells apart).
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm'
  const text = textHead(head)
  if (text === null) return null
  if (
    /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
      text,
    )
  )
    return 'svg'
  if (/^[^<>]*[,;\t][^<>]*(\r?\n|$)/.test(text)) return 'csv'
  return null
}

const isControl = (code: number) => code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d

/** The head as text when it is printable UTF-8 (no control bytes but tab/CR/LF), else null. */
function textHead(head: Uint8Array): string | null {
  const start = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0
  if (head.subarray(start).some(isControl)) return null
  // A multi-byte character cut at the end of the head is still text: drop up to 3 trailing bytes.
  for (let cut = 0; cut <= 3; cut++) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(start, head.length - cut))
    } catch {
      // try a shorter head
    }
  }
  return null
}

export type FileCheck = { ok: true; type: FileType } | { ok: false; reason: 'file_type' | 'file_too_large' }

/** Checks a file's head and size against the rules of its kind (product-rules.md "Uploads"). */
export function checkFile(kind: FileKind, head: Uint8Array, size: number): FileCheck {
  const rule = FILE_RULES[kind]
  if (size > rule.maxBytes) return { ok: false, reason: 'file_too_large' }
  if (rule.types.includes('chunk')) return { ok: true, type: 'chunk' }
  const type = sniffFileType(head)
  if (!type || !rule.types.includes(type)) return { ok: false, reason: 'file_type' }
  return { ok: true, type }
}

export const megabytes = (bytes: number) => Math.round(bytes / 1_048_576)
