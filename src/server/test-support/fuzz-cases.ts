import type { InjectOptions } from 'fastify'
import { IDEMPOTENCY_HEADER } from '../../domain/api/lessons.ts'
import { type BodyVariant, bodyVariants, formBody, multipartVariants } from './fuzz-bodies.ts'
import type { Multipart, Shape } from './fuzz-shapes.ts'
import {
  HOSTILE_AUTHORIZATION,
  HOSTILE_IDEMPOTENCY_KEYS,
  HOSTILE_JSON,
  HOSTILE_STRINGS,
  RAW_QUERY_SUFFIXES,
} from './fuzz-values.ts'
import type { Caller, World } from './fuzz-world.ts'

// The variants of one route's shape (fuzz-shapes.ts): the unmodified request first, then the
// same as every other caller, then each field of the query, path, body or multipart payload
// replaced by each hostile value (fuzz-values.ts) or removed, then whole-body and header variants.

export type FuzzCase = { label: string; request: InjectOptions }

type Path = (string | number)[]
const REMOVE = Symbol('remove')

/** Every node's path below the root: containers too (replaced whole), arrays by their first item. */
export function paths(value: unknown, prefix: Path = []): Path[] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.length > 0
      ? [[0, value[0]]]
      : []
    : value !== null && typeof value === 'object'
      ? Object.entries(value)
      : []
  return children.flatMap(([key, child]) => [[...prefix, key], ...paths(child, [...prefix, key])])
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** A copy of `root` with the node at `path` replaced (or removed). */
export function replaced(root: unknown, path: Path, value: unknown): unknown {
  const [key, ...rest] = path
  if (key === undefined) return value
  if (Array.isArray(root)) {
    const copy: unknown[] = [...root]
    const index = Number(key)
    const next = replaced(copy[index], rest, value)
    if (next === REMOVE) copy.splice(index, 1)
    else copy[index] = next
    return copy
  }
  const copy: Record<string, unknown> = { ...(isRecord(root) ? root : {}) }
  const name = String(key)
  const next = replaced(copy[name], rest, value)
  if (next === REMOVE) delete copy[name]
  else copy[name] = next
  return copy
}

const HOSTILE_JSON_OR_REMOVED: readonly (readonly [string, unknown])[] = [
  ...HOSTILE_JSON,
  ['removed', REMOVE],
]

/**
 * Percent-encodes any string, a lone surrogate included (as the bytes WTF-8 gives it, which are
 * not UTF-8): encodeURIComponent throws on one and URLSearchParams turns it into U+FFFD.
 */
function encodeAny(value: string): string {
  return Array.from(value, (char) => {
    const code = char.codePointAt(0) ?? 0
    if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char)
    const octets = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
    return octets.map((octet) => `%${octet.toString(16).toUpperCase()}`).join('')
  }).join('')
}

function url(template: string, params: Record<string, string> | undefined, query: string): string {
  const path = template.replace(/:(\w+)/g, (_, name: string) => encodeAny(params?.[name] ?? ''))
  return query ? `${path}?${query}` : path
}

const auth = (world: World, caller: Caller): Record<string, string> =>
  caller === 'anonymous' ? {} : { authorization: `Bearer ${world.tokens[caller]}` }

type Parts = {
  query?: Record<string, unknown>
  params?: Record<string, string>
  body?: unknown
  multipart?: Multipart
}

/** The request of `shape` with some of its parts replaced. */
async function request(
  method: string,
  template: string,
  shape: Shape,
  parts: Parts,
  headers: Record<string, string>,
  rawQuery = '',
): Promise<InjectOptions> {
  const query = parts.query ?? shape.query
  const pairs = Object.entries(query ?? {}).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `${encodeAny(key)}=${encodeAny(String(item))}`),
  )
  const queryText = [...pairs, rawQuery].filter(Boolean).join('&')
  const options: InjectOptions = {
    method: method === 'GET' ? 'GET' : 'POST',
    url: url(template, parts.params ?? shape.params, queryText),
    headers,
  }
  const multipart = parts.multipart ?? shape.multipart
  if (multipart) {
    const form = formBody(multipart)
    return { ...options, payload: form.payload, headers: { ...headers, ...form.headers } }
  }
  const body = 'body' in parts ? parts.body : shape.body
  if (body === undefined) return options
  return {
    ...options,
    payload: JSON.stringify(body),
    headers: { ...headers, 'content-type': 'application/json' },
  }
}

/** `base` (its method and URL) with another body. */
function withBody(base: InjectOptions, variant: BodyVariant, own: Record<string, string>): FuzzCase {
  const headers = variant.contentType ? { ...own, 'content-type': variant.contentType } : own
  const request: InjectOptions = { method: base.method ?? 'POST', url: base.url ?? '/', headers }
  return {
    label: variant.label,
    request: variant.payload === undefined ? request : { ...request, payload: variant.payload },
  }
}

/** All variants of one route's shape, the unmodified request first (label `base`). */
export async function* fuzzCases(
  method: string,
  template: string,
  shape: Shape,
  world: World,
): AsyncGenerator<FuzzCase> {
  const own = auth(world, shape.as)
  const send = (parts: Parts, headers = own, rawQuery = '') =>
    request(method, template, shape, parts, headers, rawQuery)
  yield { label: 'base', request: await send({}) }

  for (const caller of ['anonymous', 'student', 'teacher', 'newStudent'] satisfies Caller[]) {
    if (caller !== shape.as && shape.otherCallers !== false)
      yield { label: `as ${caller}`, request: await send({}, auth(world, caller)) }
  }
  if (shape.as !== 'anonymous') {
    for (const [label, value] of HOSTILE_AUTHORIZATION) {
      yield { label: `authorization ${label}`, request: await send({}, { authorization: value }) }
    }
  }

  const query = shape.query ?? {}
  for (const key of Object.keys(query)) {
    for (const [label, value] of HOSTILE_STRINGS) {
      yield { label: `query ${key} = ${label}`, request: await send({ query: { ...query, [key]: value } }) }
    }
    const { [key]: kept, ...rest } = query
    yield { label: `query ${key} removed`, request: await send({ query: rest }) }
    yield { label: `query ${key} twice`, request: await send({ query: { ...query, [key]: [kept, kept] } }) }
  }
  yield { label: 'query extra key', request: await send({ query: { ...query, extra: 'x' } }) }
  for (const [label, raw] of RAW_QUERY_SUFFIXES) {
    yield { label: `raw query ${label}`, request: await send({}, own, raw) }
  }

  for (const key of Object.keys(shape.params ?? {})) {
    for (const [label, value] of HOSTILE_STRINGS) {
      yield {
        label: `path ${key} = ${label}`,
        request: await send({ params: { ...shape.params, [key]: value } }),
      }
    }
  }

  if (shape.body !== undefined) {
    for (const path of paths(shape.body)) {
      for (const [label, value] of HOSTILE_JSON_OR_REMOVED) {
        yield {
          label: `body ${path.join('.')} = ${label}`,
          request: await send({ body: replaced(shape.body, path, value) }),
        }
      }
    }
    yield { label: 'body extra key', request: await send({ body: { ...shape.body, extra: 'x' } }) }
    for (const variant of bodyVariants(shape.body)) yield withBody(await send({}), variant, own)
  }

  if (shape.multipart) yield* multipartCases(shape.multipart, send, own)

  if (shape.idempotent) {
    for (const [label, key] of HOSTILE_IDEMPOTENCY_KEYS) {
      yield {
        label: `Idempotency-Key ${label}`,
        request: await send({}, { ...own, [IDEMPOTENCY_HEADER]: key }),
      }
    }
  }
}

async function* multipartCases(
  multipart: Multipart,
  send: (parts: Parts, headers?: Record<string, string>) => Promise<InjectOptions>,
  own: Record<string, string>,
): AsyncGenerator<FuzzCase> {
  const { payload, fields } = multipart
  if (payload !== undefined) {
    for (const path of paths(payload)) {
      for (const [label, value] of HOSTILE_JSON_OR_REMOVED) {
        const changed = { ...multipart, payload: replaced(payload, path, value) }
        yield { label: `payload ${path.join('.')} = ${label}`, request: await send({ multipart: changed }) }
      }
    }
  }
  for (const key of Object.keys(fields ?? {})) {
    for (const [label, value] of HOSTILE_STRINGS) {
      const changed = { ...multipart, fields: { ...fields, [key]: value } }
      yield { label: `field ${key} = ${label}`, request: await send({ multipart: changed }) }
    }
  }
  for (const variant of multipartVariants(multipart)) yield withBody(await send({}), variant, own)
}
