import { type FileType, MIME_BY_TYPE } from '../../../domain/files.ts'

// Names and download headers of lesson materials. product-rules.md "Uploads": the content decides a
// file's type, so a name whose extension says otherwise gets the type's extension: a PNG sent as
// `notes.pdf` is stored, listed and downloaded as `notes.png` (docs/decisions.md).

export const FILENAME_MAX = 255

/** Extensions that fit each sniffed type; the first is the one a misnamed file gets. */
const EXTENSIONS: Record<FileType, readonly string[]> = {
  jpeg: ['jpg', 'jpeg', 'jpe'],
  png: ['png'],
  webp: ['webp'],
  heic: ['heic', 'heif'],
  svg: ['svg'],
  mp4: ['mp4', 'm4v'],
  wav: ['wav'],
  pdf: ['pdf'],
  // Stored before the server kept the screens' rules (decisions.md "The server keeps the screens'
  // rules"), when any ZIP passed as an Office Open XML file: under another name it is only a ZIP.
  // Since then the content check tells the three apart.
  'office-zip': ['zip', 'docx', 'xlsx', 'pptx'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  'office-legacy': ['doc', 'xls', 'ppt'],
  csv: ['csv'],
  webm: ['webm'],
  chunk: ['bin'],
}

const MIME_BY_EXTENSION: Record<string, string> = {
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
}

// Control and format characters (bidi overrides that disguise an extension, zero-width marks), and
// lone surrogates, which UTF-8 (and so PostgreSQL) cannot hold.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu

const EXTENSION = /\.([A-Za-z0-9]{1,8})$/

const splitExtension = (name: string): { stem: string; extension: string } => {
  const match = EXTENSION.exec(name)
  if (!match) return { stem: name, extension: '' }
  return { stem: name.slice(0, match.index), extension: match[1] ?? '' }
}

/** At most `max` characters (code points, as PostgreSQL's char_length counts). */
const cut = (text: string, max: number) => Array.from(text).slice(0, max).join('')

/**
 * The name a material is listed and downloaded under: the last path segment of `given` (the
 * teacher's lesson_note_filename or the uploaded file's name), without control or format
 * characters, with an extension that fits the sniffed type (replacing one that does not), at most
 * 255 characters.
 */
export function materialFilename(given: string, type: FileType): string {
  const base = (given.split(/[/\\]/).at(-1) ?? '').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim()
  const { stem, extension } = splitExtension(base)
  const fits = EXTENSIONS[type]
  const suffix = fits.includes(extension.toLowerCase()) ? extension : (fits[0] ?? 'bin')
  const name = stem.replace(/^[.\s]+|[.\s]+$/g, '') || 'material'
  return `${cut(name, FILENAME_MAX - suffix.length - 1).trimEnd()}.${suffix}`
}

/** The Content-Type a download is served with: the sniffed type's, refined by the name for Office files. */
export function materialContentType(type: FileType, filename: string): string {
  if (type !== 'office-zip' && type !== 'office-legacy') return MIME_BY_TYPE[type]
  return MIME_BY_EXTENSION[splitExtension(filename).extension.toLowerCase()] ?? 'application/octet-stream'
}

const RFC5987_EXTRA = /['()*]/g

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266, RFC 8187). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  const encoded = encodeURIComponent(filename).replace(
    RFC5987_EXTRA,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
