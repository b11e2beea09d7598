// @vitest-environment happy-dom

import * as v from 'valibot'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_MESSAGES } from '../../domain/errors.ts'
import { ApiError } from './api-error.ts'
import { codeMessage, networkErrorMessage } from './error-messages.ts'
import { createHttp } from './http.ts'
import { clearServerError, hasServerError } from './server-error.ts'
import { getSession, startSession } from './session.ts'
import { connectTransportUi } from './transport.ts'

const ui = { notify: vi.fn(), navigate: vi.fn(), report: vi.fn() }
const okSchema = v.object({ data: v.object({ ok: v.literal(true) }) })

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const failure = (status: number, code: keyof typeof ERROR_MESSAGES) =>
  json(status, { error: ERROR_MESSAGES[code], code })

function signIn() {
  startSession({
    id: '0b9d7d3e-8a3c-4f5e-9a51-6c1f0f3f2a11',
    role: 'student',
    token: 'tok-1',
    email: 'anna@example.com',
    registration_completed: true,
    only_group_lessons: false,
    expires_at: '2099-01-01T00:00:00.000Z',
  })
}

async function failWith(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError')
  return error
}

describe('the ky client and the transport rules', () => {
  beforeEach(() => {
    localStorage.clear()
    clearServerError()
    connectTransportUi(ui)
    vi.clearAllMocks()
    signIn()
  })

  it('sends the bearer token and parses the answer with the contract schema', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json(200, { data: { ok: true } }),
    )
    const http = createHttp({ fetch })
    await expect(http.get('/settings/show', okSchema)).resolves.toEqual({ data: { ok: true } })
    const request = fetch.mock.calls[0]?.[0]
    expect(request).toBeInstanceOf(Request)
    if (request instanceof Request) {
      expect(new URL(request.url).pathname).toBe('/api/v1/settings/show')
      expect(request.headers.get('authorization')).toBe('Bearer tok-1')
    }
  })

  it('sends extra headers such as Idempotency-Key beside the bearer token', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json(200, { data: { ok: true } }),
    )
    const http = createHttp({ fetch })
    await http.post('/lessons/create', okSchema, { json: {}, headers: { 'idempotency-key': 'key-12345678' } })
    const request = fetch.mock.calls[0]?.[0]
    expect(request).toBeInstanceOf(Request)
    if (request instanceof Request) {
      expect(request.headers.get('idempotency-key')).toBe('key-12345678')
      expect(request.headers.get('authorization')).toBe('Bearer tok-1')
    }
  })

  it('logs out and goes to /login on a 401', async () => {
    const http = createHttp({ fetch: async () => failure(401, 'unauthenticated') })
    const error = await failWith(http.get('/students/me', okSchema))
    expect(error.status).toBe(401)
    expect(getSession()).toBeNull()
    expect(localStorage.getItem('auth')).toBeNull()
    expect(ui.notify).toHaveBeenCalledWith(codeMessage('unauthenticated'), 'info')
    expect(ui.navigate).toHaveBeenCalledWith('/login')
  })

  it('leaves a 422 from the login form to the form (no logout, no toast)', async () => {
    const http = createHttp({ fetch: async () => failure(422, 'wrong_credentials') })
    const error = await failWith(http.post('/users/sign_in', okSchema, { auth: false, inline: true }))
    expect(error.code).toBe('wrong_credentials')
    expect(getSession()).not.toBeNull()
    expect(ui.notify).not.toHaveBeenCalled()
    expect(ui.navigate).not.toHaveBeenCalled()
  })

  it('shows the answer of a 403 by its code', async () => {
    const http = createHttp({ fetch: async () => failure(403, 'student_profile_forbidden') })
    const error = await failWith(http.get('/students/show', okSchema))
    expect(error.code).toBe('student_profile_forbidden')
    expect(ui.notify).toHaveBeenCalledWith(codeMessage('student_profile_forbidden'), 'error')
    expect(getSession()).not.toBeNull()
  })

  it('sets the global server error on a 500 and reports it', async () => {
    const http = createHttp({ fetch: async () => failure(500, 'server_error') })
    const error = await failWith(http.get('/languages/list', okSchema))
    expect(error.isServerError).toBe(true)
    expect(hasServerError()).toBe(true)
    expect(ui.report).toHaveBeenCalledWith(error)
    expect(getSession()).not.toBeNull()
  })

  it('treats an answer outside the contract as a server error', async () => {
    const http = createHttp({ fetch: async () => json(200, { data: { ok: 'yes' } }) })
    const error = await failWith(http.get('/languages/list', okSchema))
    expect(error.kind).toBe('invalid_response')
    expect(hasServerError()).toBe(true)
  })

  it('says Network error! when no answer comes', async () => {
    const http = createHttp({
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const error = await failWith(http.get('/levels/list', okSchema))
    expect(error.kind).toBe('network')
    expect(ui.notify).toHaveBeenCalledWith(networkErrorMessage, 'error')
    expect(hasServerError()).toBe(false)
  })

  // Offline, every failed request added a "Network error!" toast to the notice.
  it('leaves the network error to the offline notice while the browser knows it is offline', async () => {
    const http = createHttp({
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const error = await failWith(http.get('/levels/list', okSchema))
    onLine.mockRestore()
    expect(error.kind).toBe('network')
    expect(ui.notify).not.toHaveBeenCalled()
  })

  it('lets an inline form show a network error itself', async () => {
    const http = createHttp({
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const error = await failWith(http.post('/users/reset_password', okSchema, { auth: false, inline: true }))
    expect(error.kind).toBe('network')
    expect(ui.notify).not.toHaveBeenCalled()
  })

  it('keeps silent calls free of side effects', async () => {
    const http = createHttp({ fetch: async () => failure(401, 'unauthenticated') })
    await failWith(http.post('/users/sign_out', v.unknown(), { token: 'old', silent: true }))
    expect(getSession()).not.toBeNull()
    expect(ui.notify).not.toHaveBeenCalled()
  })
})
