import { describe, expect, it } from 'vitest'
import { MATERIAL_MAX_BYTES, PICTURE_MAX_BYTES, VIDEO_MAX_BYTES } from './constants.ts'
import {
  checkFile,
  EXTENSION_BY_TYPE,
  FILE_RULES,
  type FileType,
  MIME_BY_TYPE,
  megabytes,
  SNIFF_BYTES,
  sniffFileType,
  typeOfExtension,
} from './files.ts'

const encoder = new TextEncoder()
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...encoder.encode(p)] : p)))
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >> 24) & 0xff]
const ftyp = (brand: string) => bytes([0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 0, 0], 'isomiso2avc1mp41')

// Real file heads, byte for byte as the programs that make them write them.
const HEADS: [string, Uint8Array, FileType | null][] = [
  ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1]), 'jpeg'],
  ['JPEG (Exif, a phone photo)', bytes([0xff, 0xd8, 0xff, 0xe1, 0x2f, 0xfe], 'Exif', [0, 0]), 'jpeg'],
  ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), 'png'],
  ['WebP', bytes('RIFF', le32(4000), 'WEBPVP8 '), 'webp'],
  ['WAV', bytes('RIFF', le32(1_764_036), 'WAVEfmt ', le32(16), [1, 0, 2, 0]), 'wav'],
  ['PDF', bytes('%PDF-1.7\n%', [0xe2, 0xe3, 0xcf, 0xd3]), 'pdf'],
  ['MP4 (isom)', ftyp('isom'), 'mp4'],
  ['MP4 (mp42)', ftyp('mp42'), 'mp4'],
  ['MP4 (M4V)', ftyp('M4V '), 'mp4'],
  ['HEIC', ftyp('heic'), 'heic'],
  ['HEIF', ftyp('mif1'), 'heic'],
  ['QuickTime MOV', ftyp('qt  '), null],
  ['AVIF image', ftyp('avif'), null],
  ['M4A audio', ftyp('M4A '), null],
  ['DOCX/XLSX/PPTX (zip)', bytes('PK', [3, 4, 20, 0, 6, 0], '[Content_Types].xml'), 'office-zip'],
  ['DOC/XLS/PPT (OLE)', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'office-legacy'],
  ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>'), 'svg'],
  ['SVG with XML declaration and comment', bytes('<?xml version="1.0"?>\n<!-- Inkscape -->\n<svg>'), 'svg'],
  [
    'SVG with a DOCTYPE',
    bytes('<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg>'),
    'svg',
  ],
  ['CSV', bytes('name,email\nAnna,anna@example.com\n'), 'csv'],
  ['CSV with BOM and semicolons', bytes([0xef, 0xbb, 0xbf], 'imię;nazwisko\r\nAnna;Nowak'), 'csv'],
  ['HTML', bytes('<!doctype html><html><body>hi</body></html>'), null],
  ['HTML with script', bytes('<html><script>alert(1)</script></html>'), null],
  ['plain text', bytes('just some words'), null],
  ['ELF binary', bytes([0x7f], 'ELF', [2, 1, 1, 0]), null],
  ['empty', new Uint8Array(0), null],
]

describe('sniffFileType (the content decides)', () => {
  it.each(HEADS)('%s', (_name, head, type) => {
    expect(sniffFileType(head)).toBe(type)
  })

  it('reads text whose last character is cut at the end of the head', () => {
    const text = encoder.encode(`a;b\n${'ż'.repeat(300)}`)
    expect(sniffFileType(text.subarray(0, SNIFF_BYTES - 1))).toBe('csv')
  })

  it('does not take an HTML page named .png for a picture', () => {
    const html = bytes('<!DOCTYPE html>\n<html><head><title>x</title></head></html>')
    expect(sniffFileType(html)).toBeNull()
    expect(checkFile('picture', html, html.length)).toEqual({ ok: false, reason: 'file_type' })
  })
})

describe('checkFile', () => {
  const png = HEADS[2]?.[1] ?? new Uint8Array(0)
  const mp4 = ftyp('isom')
  const pdf = bytes('%PDF-1.4')

  it.each([
    ['picture', png, PICTURE_MAX_BYTES, { ok: true, type: 'png' }],
    ['picture', png, 5_242_880, { ok: true, type: 'png' }],
    ['picture', png, 5_242_881, { ok: false, reason: 'file_too_large' }],
    ['picture', mp4, 100, { ok: false, reason: 'file_type' }],
    ['picture', bytes([0xff, 0xd8, 0xff, 0xdb]), 100, { ok: true, type: 'jpeg' }],
    ['video', mp4, 104_857_600, { ok: true, type: 'mp4' }],
    ['video', mp4, VIDEO_MAX_BYTES + 1, { ok: false, reason: 'file_too_large' }],
    ['video', png, 100, { ok: false, reason: 'file_type' }],
    ['video', ftyp('qt  '), 100, { ok: false, reason: 'file_type' }],
    ['material', pdf, 10_485_760, { ok: true, type: 'pdf' }],
    ['material', pdf, MATERIAL_MAX_BYTES + 1, { ok: false, reason: 'file_too_large' }],
    ['material', bytes('<svg>'), 10, { ok: true, type: 'svg' }],
    ['material', bytes('<html>'), 10, { ok: false, reason: 'file_type' }],
  ] as const)('%s of %#', (kind, head, size, expected) => {
    expect(checkFile(kind, head, size)).toEqual(expected)
  })

  it('states the upload limits in bytes and labels', () => {
    expect(FILE_RULES.picture).toMatchObject({ maxBytes: 5_242_880, label: 'JPG, PNG' })
    expect(FILE_RULES.video).toMatchObject({ maxBytes: 104_857_600, label: 'MP4' })
    expect(FILE_RULES.material.maxBytes).toBe(10_485_760)
    expect([PICTURE_MAX_BYTES, VIDEO_MAX_BYTES, MATERIAL_MAX_BYTES].map(megabytes)).toEqual([5, 100, 10])
  })
})

describe('stored file extensions', () => {
  it('map every type to one extension and back', () => {
    const types = Object.keys(MIME_BY_TYPE)
    const extensions = Object.values(EXTENSION_BY_TYPE)
    expect(new Set(extensions).size).toBe(types.length)
    for (const [type, extension] of Object.entries(EXTENSION_BY_TYPE)) {
      expect(typeOfExtension(extension)).toBe(type)
    }
    expect(EXTENSION_BY_TYPE.jpeg).toBe('jpg')
    expect(typeOfExtension('exe')).toBeNull()
    expect(typeOfExtension('jpeg')).toBeNull()
  })
})
