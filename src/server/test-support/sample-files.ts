import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'
import { encodePng } from '../seed/png.ts'

// Real file heads for upload tests: what the server sniffs (src/domain/files.ts).

/** A valid PNG (a small gradient). */
export const pngFile = (size = 16): Buffer => encodePng(size, size, (x, y) => [x * 8, y * 8, 128])

/** A JPEG's JFIF header followed by an end marker: enough for content sniffing. */
export const jpegFile = (): Buffer =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]),
    Buffer.alloc(600),
    Buffer.from([0xff, 0xd9]),
  ])

const MP4_HEAD = Buffer.from([
  0,
  0,
  0,
  0x18,
  ...Buffer.from('ftypmp42'),
  0,
  0,
  0,
  0,
  ...Buffer.from('isommp42'),
])

/** A file that starts with an MP4 `ftyp` box, `bytes` long. */
export const mp4File = (bytes = 4096): Buffer =>
  Buffer.concat([MP4_HEAD, Buffer.alloc(bytes - MP4_HEAD.length)])

const PDF_TRAILER = '\ntrailer << /Root 1 0 R >>\n%%EOF\n'

/** A PDF's head and trailer: enough for the content check (platform/file-content.ts). */
export const pdfFile = (text = 'Lesson material'): Buffer =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj${PDF_TRAILER}`)

/** A PDF of exactly `size` bytes: zeros between its first object and its trailer. */
export function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n')
  const trailer = Buffer.from(PDF_TRAILER)
  return Buffer.concat([head, Buffer.alloc(size - head.length - trailer.length), trailer])
}

/** A Windows executable's head ("MZ", the PE signature): no allowed type, whatever its name. */
export const exeFile = (): Buffer =>
  Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58),
    Buffer.from([0x80, 0, 0, 0]),
    Buffer.alloc(64),
    Buffer.from('PE\0\0'),
  ])

export const htmlFile = (): Buffer =>
  Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')

/** `file` padded with zeros to exactly `size` bytes (the head, and so the sniffed type, stays). */
export const padded = (file: Buffer, size: number): Buffer =>
  Buffer.concat([file, Buffer.alloc(size - file.length)])

export type Part = { bytes: Buffer; filename?: string; type?: string }

/** A multipart body as a browser's FormData sends it: the `payload` text part, then the files. */
export async function multipart(
  payload: unknown,
  files: Record<string, Part> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  if (payload !== undefined) form.append('payload', JSON.stringify(payload))
  for (const [name, part] of Object.entries(files)) {
    form.append(
      name,
      new Blob([part.bytes], { type: part.type ?? 'application/octet-stream' }),
      part.filename ?? name,
    )
  }
  const response = new Response(form)
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  }
}

/**
 * A multipart body streamed chunk by chunk: the payload part, the small `before` files, then one
 * file part of `size` bytes that starts with `head` (the rest zeros) — a 100 MB video without
 * holding it in memory.
 */
export function streamedMultipart(
  payload: unknown,
  file: { name: string; head: Buffer; size: number },
  before: Record<string, Buffer> = {},
): { payload: Readable; headers: Record<string, string> } {
  const boundary = `----lektorium${randomUUID().replaceAll('-', '')}`
  const fileHeader = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n'
  const zeros = Buffer.alloc(1024 * 1024)
  function* chunks() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${JSON.stringify(payload)}\r\n`,
    )
    for (const [name, bytes] of Object.entries(before)) {
      yield Buffer.concat([Buffer.from(fileHeader(name)), bytes, Buffer.from('\r\n')])
    }
    yield Buffer.from(fileHeader(file.name))
    yield file.head
    let left = file.size - file.head.length
    while (left > 0) {
      const n = Math.min(left, zeros.length)
      yield n === zeros.length ? zeros : zeros.subarray(0, n)
      left -= n
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`)
  }
  return {
    payload: Readable.from(chunks(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export type WavShape = { seconds?: number; channels?: number; rate?: number; bits?: number; format?: number }

/**
 * A PCM WAV (a 440 Hz tone) with a LIST chunk before `fmt `, as some recorders write; by default the
 * voice sample of product-rules.md "Voice sample" (10 s, 44 100 Hz, 16 bit, 2 channels).
 */
export function wavFile({
  seconds = 10,
  channels = 2,
  rate = 44_100,
  bits = 16,
  format = 1,
}: WavShape = {}): Buffer {
  const align = (channels * bits) / 8
  const frames = Math.round(seconds * rate)
  const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([4, 0, 0, 0]), Buffer.from('INFO')])
  const fmt = Buffer.alloc(24)
  fmt.write('fmt ', 0)
  fmt.writeUInt32LE(16, 4)
  fmt.writeUInt16LE(format, 8)
  fmt.writeUInt16LE(channels, 10)
  fmt.writeUInt32LE(rate, 12)
  fmt.writeUInt32LE(rate * align, 16)
  fmt.writeUInt16LE(align, 20)
  fmt.writeUInt16LE(bits, 22)
  const data = Buffer.alloc(8 + frames * align)
  data.write('data', 0)
  data.writeUInt32LE(frames * align, 4)
  if (bits === 16) {
    for (let i = 0; i < frames * channels; i++) {
      data.writeInt16LE(
        Math.round(8000 * Math.sin((2 * Math.PI * 440 * Math.floor(i / channels)) / rate)),
        8 + i * 2,
      )
    }
  }
  const head = Buffer.alloc(12)
  head.write('RIFF', 0)
  head.writeUInt32LE(4 + list.length + fmt.length + data.length, 4)
  head.write('WAVE', 8)
  return Buffer.concat([head, list, fmt, data])
}

/** A ZIP of `entries`, stored uncompressed (PKWARE APPNOTE 4.3: local headers, central directory, end record). */
export function zipFile(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name)
    const data = Buffer.from(content)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(entries).length, 8)
  end.writeUInt16LE(Object.keys(entries).length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const OFFICE_MAIN: Record<'docx' | 'xlsx' | 'pptx', { part: string; type: string }> = {
  docx: { part: 'word/document.xml', type: 'wordprocessingml.document.main+xml' },
  xlsx: { part: 'xl/workbook.xml', type: 'spreadsheetml.sheet.main+xml' },
  pptx: { part: 'ppt/presentation.xml', type: 'presentationml.presentation.main+xml' },
}

/** A minimal Office Open XML package of `kind`: its table of contents first, as Office writes it. */
export function officeFile(kind: 'docx' | 'xlsx' | 'pptx'): Buffer {
  const { part, type } = OFFICE_MAIN[kind]
  return zipFile({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}"/>` +
      '</Types>',
    '_rels/.rels': '<?xml version="1.0"?><Relationships/>',
    [part]: '<?xml version="1.0"?><document/>',
  })
}

/** A HEIC photo's `ftyp` box (brand heic), as an iPhone writes it, `bytes` long. */
export const heicFile = (bytes = 4096): Buffer => {
  const head = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic'),
  ])
  return Buffer.concat([head, Buffer.alloc(bytes - head.length)])
}
