import { fileTypeFromBuffer } from 'file-type'
import type { FileType } from '../../domain/files.ts'

// The server's content check of uploads, after the shared first look of domain/files.ts: a
// maintained sniffer (`file-type`) reads the start of the file and must agree with that look. It
// tells DOCX, XLSX and PPTX apart by the package's own table of contents (any other ZIP is
// refused), and HEIC from MP4 by the ISO brand; a PDF must end like one and must not hold an HTML
// document where a browser sniffing it would look.

/** How much of a file's start the check reads: an Office package lists its parts well inside it. */
export const CONTENT_CHECK_BYTES = 64 * 1024
/** How much of a file's end is kept: a PDF's `%%EOF` lies within its last kilobyte. */
export const TAIL_BYTES = 1024

/** What the sniffer may call each type of the first look (its `ext`); text types it does not know. */
const SNIFFED_AS: Record<Exclude<FileType, 'office-zip'>, readonly (string | undefined)[]> = {
  jpeg: ['jpg'],
  png: ['png'],
  webp: ['webp'],
  heic: ['heic'],
  mp4: ['mp4', 'm4v'],
  wav: ['wav'],
  // An Adobe Illustrator file is a PDF too.
  pdf: ['pdf', 'ai'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  'office-legacy': ['cfb'],
  svg: [undefined, 'xml'],
  csv: [undefined],
  webm: ['webm'],
  // A recording's chunk has no header: only the joined recording is checked (as webm).
  chunk: [],
}

const OFFICE_PACKAGES = new Set<string>(['docx', 'xlsx', 'pptx'])
const isOfficePackage = (ext: string | undefined): ext is 'docx' | 'xlsx' | 'pptx' =>
  ext !== undefined && OFFICE_PACKAGES.has(ext)

// The tags that make a browser take bytes for a page when it sniffs them (WHATWG MIME Sniffing
// §7.1), anywhere in the first kilobyte rather than only at its start. Whole tag names of three
// letters or more, followed by a space, `>` or `/`: the binary streams of a real PDF do not spell
// them by chance.
const HTML_TAG = /<(!doctype\s+html|html|head|body|script|iframe|svg|object|embed)[\s>/]/i

/** Whether the head of a file holds markup a browser would run as a page. */
export const holdsHtml = (head: Uint8Array): boolean =>
  HTML_TAG.test(Buffer.from(head.subarray(0, TAIL_BYTES)).toString('latin1'))

/**
 * The type the content check gives a file whose first look said `looked` (null: refused), from
 * its first CONTENT_CHECK_BYTES (all of it when shorter).
 */
export async function checkedType(looked: FileType, head: Uint8Array): Promise<FileType | null> {
  if (looked === 'chunk') return 'chunk'
  const sniffed = (await fileTypeFromBuffer(head))?.ext
  if (looked === 'office-zip') return isOfficePackage(sniffed) ? sniffed : null
  if (!SNIFFED_AS[looked].includes(sniffed)) return null
  if (looked === 'pdf' && holdsHtml(head)) return null
  return looked
}

/** Whether the end of a file of `type` is what that type ends with (a PDF's `%%EOF`). */
export function endsAsItShould(type: FileType, tail: Uint8Array): boolean {
  return type !== 'pdf' || Buffer.from(tail).includes('%%EOF', 0, 'latin1')
}
