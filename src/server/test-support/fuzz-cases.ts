import type { InjectOptions } from 'fastify'
import { IDEMPOTENCY_HEADER } from '../../domain/api/lessons.ts'
import { type BodyVariant, bodyVariants, formBody, multipartVariants, withRawMember } from './fuzz-bodies.ts'
import type { Shape } from './fuzz-shapes.ts'
import { type Parts, REMOVE, type Slot, slotsOf } from './fuzz-slots.ts'
import {
  DEEP_JSON_TEXT,
  HOSTILE_AUTHORIZATION,
  HOSTILE_IDEMPOTENCY_KEYS,
  HOSTILE_JSON,
  HOSTILE_STRINGS,
  type Hostile,
  RAW_QUERY_SUFFIXES,
  STORABLE_INSERTS,
  UNSTORABLE_INSERTS,
} from './fuzz-values.ts'
import type { Caller, World } from './fuzz-world.ts'

// The variants of one route's shape (fuzz-shapes.ts), in this order:
// 1. each string of the request with text PostgreSQL cannot store appended (these must be refused
//    without using anything up, so they come before the valid request: a write whose one chance a
//    valid variant would take still meets them with its state intact);
// 2. the unmodified request (label `base`), then the same as every other caller and with broken
//    Authorization headers;
// 3. each slot (fuzz-slots.ts) replaced by each hostile value (fuzz-values.ts) or removed, and
//    each string with storable oddities appended (RTL, emoji, combining marks);
// 4. extra keys, broken query strings, whole-body variants (fuzz-bodies.ts), Idempotency-Keys.

export type FuzzCase = { label: string; request: InjectOptions }

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

const queryText = (query: Record<string, unknown>, raw: string) =>
  [
    ...Object.entries(query).flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${encodeAny(key)}=${encodeAny(String(item))}`),
    ),
    raw,
  ]
    .filter(Boolean)
    .join('&')

const auth = (world: World, caller: Caller): Record<string, string> =>
  caller === 'anonymous' ? {} : { authorization: `Bearer ${world.tokens[caller]}` }

type Send = (parts: Parts, headers?: Record<string, string>, rawQuery?: string) => InjectOptions

/** Builds the shape's request with some parts replaced. */
function sender(method: string, template: string, shape: Shape, own: Record<string, string>): Send {
  return (parts, headers = own, rawQuery = '') => {
    const params = parts.params ?? shape.params ?? {}
    const path = template.replace(/:(\w+)/g, (_, name: string) => encodeAny(String(params[name] ?? '')))
    const search = queryText(parts.query ?? shape.query ?? {}, rawQuery)
    const options: InjectOptions = {
      method: method === 'GET' ? 'GET' : 'POST',
      url: search ? `${path}?${search}` : path,
      headers,
    }
    const multipart = parts.multipart ?? shape.multipart
    if (multipart) {
      const form = formBody(multipart)
      return { ...options, payload: form.payload, headers: { ...headers, ...form.headers } }
    }
    if (shape.raw && !('body' in parts)) {
      return {
        ...options,
        payload: shape.raw,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
      }
    }
    const body = 'body' in parts ? parts.body : shape.body
    if (body === undefined) return options
    return {
      ...options,
      payload: JSON.stringify(body),
      headers: { ...headers, 'content-type': 'application/json' },
    }
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

function* appended(slots: Slot[], inserts: readonly Hostile<string>[], send: Send): Generator<FuzzCase> {
  for (const slot of slots) {
    if (typeof slot.current !== 'string') continue
    for (const [label, insert] of inserts) {
      yield { label: `${slot.name} + ${label}`, request: send(slot.put(`${slot.current}${insert}`)) }
    }
  }
}

function* replacedSlots(slots: Slot[], send: Send): Generator<FuzzCase> {
  for (const slot of slots) {
    const values: readonly Hostile<unknown>[] = slot.json ? HOSTILE_JSON : HOSTILE_STRINGS
    for (const [label, value] of values)
      yield { label: `${slot.name} = ${label}`, request: send(slot.put(value)) }
    if (slot.name.startsWith('path ')) continue
    yield { label: `${slot.name} removed`, request: send(slot.put(REMOVE)) }
    if (!slot.json)
      yield { label: `${slot.name} twice`, request: send(slot.put([slot.current, slot.current])) }
  }
}

/** All variants of one route's shape; the unmodified request is labelled `base`. */
export function* fuzzCases(
  method: string,
  template: string,
  shape: Shape,
  world: World,
): Generator<FuzzCase> {
  const own = auth(world, shape.as)
  const send = sender(method, template, shape, own)
  const slots = slotsOf(shape)
  yield* appended(slots, UNSTORABLE_INSERTS, send)

  yield { label: 'base', request: send({}) }
  for (const caller of [
    'anonymous',
    'student',
    'teacher',
    'newStudent',
    'operator',
    'pendingOperator',
  ] satisfies Caller[]) {
    if (caller !== shape.as && shape.otherCallers !== false) {
      yield { label: `as ${caller}`, request: send({}, auth(world, caller)) }
    }
  }
  if (shape.as !== 'anonymous') {
    for (const [label, value] of HOSTILE_AUTHORIZATION) {
      yield { label: `authorization ${label}`, request: send({}, { authorization: value }) }
    }
  }

  yield* replacedSlots(slots, send)
  yield* appended(slots, STORABLE_INSERTS, send)

  yield { label: 'query extra key', request: send({ query: { ...shape.query, extra: 'x' } }) }
  for (const [label, raw] of RAW_QUERY_SUFFIXES)
    yield { label: `raw query ${label}`, request: send({}, own, raw) }
  const { body, multipart } = shape
  if (body !== undefined) {
    yield { label: 'body extra key', request: send({ body: { ...body, extra: 'x' } }) }
    for (const variant of bodyVariants(body)) yield withBody(send({}), variant, own)
  }
  if (multipart) {
    for (const variant of multipartVariants(multipart)) yield withBody(send({}), variant, own)
  }
  if (shape.idempotent) {
    for (const [label, key] of HOSTILE_IDEMPOTENCY_KEYS) {
      yield { label: `Idempotency-Key ${label}`, request: send({}, { ...own, [IDEMPOTENCY_HEADER]: key }) }
    }
    // The key's request hash reads the whole body, unknown members too.
    if (body !== undefined) {
      const payload = withRawMember(body, `"deep":${DEEP_JSON_TEXT}`)
      const variant = { label: 'deeply nested extra member', payload, contentType: 'application/json' }
      yield withBody(send({}), variant, { ...own, [IDEMPOTENCY_HEADER]: 'fuzz-deep-member-key' })
    }
  }
}
