import type { Multipart } from './fuzz-shapes.ts'
import { DEEP_JSON_TEXT } from './fuzz-values.ts'
import { exeFile, pngFile } from './sample-files.ts'

// Whole-body variants of the fuzz (fuzz-cases.ts): what a broken or hostile client sends instead
// of the body a route expects. Multipart bodies are written byte by byte, so a part's name or
// file name can carry what FormData would never write (NUL, invalid UTF-8).

export type BodyVariant = {
  label: string
  /** No payload: a request without a body. */
  payload?: string | Buffer
  /** Replaces the content type; absent with `payload`: none is sent. */
  contentType?: string
}

type RawPart = { name: string; value: string | Buffer; filename?: string | Buffer; contentType?: string }

const BOUNDARY = '----lektoriumfuzz7MA4YWxkTrZu0gW'
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`
const bytes = (value: string | Buffer) => (typeof value === 'string' ? Buffer.from(value) : value)

/** A multipart/form-data body of `parts`, in order. */
export function rawForm(parts: RawPart[]): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"`),
    ...(part.filename === undefined
      ? []
      : [Buffer.from('; filename="'), bytes(part.filename), Buffer.from('"')]),
    Buffer.from(part.contentType ? `\r\nContent-Type: ${part.contentType}\r\n\r\n` : '\r\n\r\n'),
    bytes(part.value),
    Buffer.from('\r\n'),
  ])
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)])
}

function partsOf(multipart: Multipart): RawPart[] {
  const text: RawPart[] =
    multipart.payload === undefined ? [] : [{ name: 'payload', value: JSON.stringify(multipart.payload) }]
  const fields = Object.entries(multipart.fields ?? {}).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => ({ name, value: String(item) })),
  )
  const files = Object.entries(multipart.files).map(([name, file]) => ({
    name,
    value: file.bytes,
    filename: file.filename ?? name,
    contentType: file.type ?? 'application/octet-stream',
  }))
  return [...text, ...fields, ...files]
}

/** The multipart body of a shape, as a browser's FormData would send it. */
export function formBody(multipart: Multipart): { payload: Buffer; headers: Record<string, string> } {
  return { payload: rawForm(partsOf(multipart)), headers: { 'content-type': MULTIPART } }
}

const JSON_TYPE = 'application/json'

/** `body` as JSON text with `extra` (raw `"key":value` text) added as its last member. */
export function withRawMember(body: unknown, extra: string): string {
  const text = JSON.stringify(body)
  if (!text.startsWith('{')) return text
  return text === '{}' ? `{${extra}}` : `${text.slice(0, -1)},${extra}}`
}

/** Bodies a JSON route may receive instead of its own. */
export function bodyVariants(body: unknown): BodyVariant[] {
  const json = JSON.stringify(body)
  const firstKey = Object.keys(body !== null && typeof body === 'object' ? body : {})[0] ?? 'x'
  const asJson = (label: string, payload: string | Buffer): BodyVariant => ({
    label,
    payload,
    contentType: JSON_TYPE,
  })
  return [
    { label: 'no body' },
    asJson('empty JSON body', ''),
    asJson('malformed JSON', '{"a":'),
    asJson('JSON null', 'null'),
    asJson('JSON array', '[]'),
    asJson('JSON string', '"x"'),
    asJson('JSON number', '42'),
    asJson('invalid UTF-8 bytes', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
    asJson('JSON as UTF-16', Buffer.from(json, 'utf16le')),
    asJson('proto poisoning', withRawMember(body, '"__proto__":{"admin":true}')),
    asJson('constructor poisoning', withRawMember(body, '"constructor":{"prototype":{"admin":true}}')),
    asJson('escaped NUL key', withRawMember(body, '"\\u0000":"\\u0000"')),
    asJson('escaped lone surrogate key', withRawMember(body, '"\\ud800":"\\udc00"')),
    asJson('duplicate key, NUL last', withRawMember(body, `${JSON.stringify(firstKey)}:"a\\u0000"`)),
    asJson('over 1 MB', withRawMember(body, `"pad":"${'x'.repeat(1_100_000)}"`)),
    asJson('deeply nested extra member', withRawMember(body, `"deep":${DEEP_JSON_TEXT}`)),
    { label: 'JSON as text/plain', payload: json, contentType: 'text/plain' },
    { label: 'form-urlencoded', payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
    { label: 'XML', payload: '<a>1</a>', contentType: 'application/xml' },
    {
      label: 'multipart instead of JSON',
      payload: rawForm([{ name: 'payload', value: json }]),
      contentType: MULTIPART,
    },
  ]
}

/** Multipart bodies broken in every way the upload code must survive. */
export function multipartVariants(multipart: Multipart): BodyVariant[] {
  const parts = partsOf(multipart)
  const body = rawForm(parts)
  const asForm = (label: string, list: RawPart[]): BodyVariant => ({
    label,
    payload: rawForm(list),
    contentType: MULTIPART,
  })
  const fileParts = parts.filter((part) => part.filename !== undefined)
  const withFiles = (change: (part: RawPart) => Partial<RawPart>) =>
    parts.map((part) => (part.filename === undefined ? part : { ...part, ...change(part) }))
  const hostileNames: [string, string | Buffer][] = [
    ['NUL', 'a\u0000b.pdf'],
    ['invalid UTF-8 (a lone surrogate)', Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x2e, 0x70, 0x64, 0x66])],
    ['RTL override', 'evil\u202Efdp.exe'],
    ['path', '../../../../etc/passwd'],
    ['huge', `${'n'.repeat(10_000)}.pdf`],
    ['empty', ''],
  ]
  return [
    {
      label: 'JSON instead of multipart',
      payload: JSON.stringify(multipart.payload ?? multipart.fields ?? {}),
      contentType: JSON_TYPE,
    },
    asForm('payload part not JSON', [{ name: 'payload', value: 'not json {' }, ...parts.slice(1)]),
    asForm('payload part twice', [...parts, { name: 'payload', value: '{}' }]),
    asForm('unknown text part', [...parts, { name: 'evil', value: 'x' }]),
    asForm('unknown file part', [
      ...parts,
      { name: 'evil', value: pngFile(), filename: 'e.png', contentType: 'image/png' },
    ]),
    asForm(
      'file parts as executables',
      withFiles(() => ({ value: exeFile(), contentType: 'image/png' })),
    ),
    asForm(
      'file parts empty',
      withFiles(() => ({ value: Buffer.alloc(0) })),
    ),
    asForm(
      'no file parts',
      parts.filter((part) => part.filename === undefined),
    ),
    asForm('file as the payload part', [
      { name: 'payload', value: pngFile(), filename: 'p.png' },
      ...fileParts,
    ]),
    ...hostileNames.map(([label, filename]) =>
      asForm(
        `file name ${label}`,
        withFiles(() => ({ filename })),
      ),
    ),
    {
      label: 'truncated multipart',
      payload: body.subarray(0, Math.floor(body.length / 2)),
      contentType: MULTIPART,
    },
    { label: 'multipart without boundary', payload: body, contentType: 'multipart/form-data' },
    {
      label: 'multipart with another boundary',
      payload: body,
      contentType: 'multipart/form-data; boundary=nope',
    },
    { label: 'garbage as multipart', payload: 'not multipart at all', contentType: MULTIPART },
  ]
}
