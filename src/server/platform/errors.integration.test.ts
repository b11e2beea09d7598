import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'

// A framework's refusal keeps its status and gets a stable code; only real faults are 500.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const signIn = '/api/v1/users/sign_in'

describe('framework refusals', () => {
  it.each([
    ['malformed JSON', { 'content-type': 'application/json' }, '{"email":', 400, 'validation_failed'],
    ['an empty JSON body', { 'content-type': 'application/json' }, '', 400, 'validation_failed'],
    ['a content type nobody parses', { 'content-type': 'text/xml' }, '<a/>', 415, 'unsupported_media_type'],
    [
      'a body over the limit',
      { 'content-type': 'application/json' },
      `"${'x'.repeat(1_100_000)}"`,
      413,
      'payload_too_large',
    ],
  ])('answers %s with %i %s', async (_, headers, payload, status, code) => {
    const response = await t.app.inject({ method: 'POST', url: signIn, headers, payload })
    expect(response.statusCode).toBe(status)
    expect(response.json()).toMatchObject({ code })
  })

  it('answers an unknown method on an API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: signIn })
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe('not_found')
  })
})
