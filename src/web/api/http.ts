import * as v from 'valibot'
import { FROM_CACHE_HEADER, SAVED_AT_HEADER } from '../../../service-worker/cache-names.ts'
import { noteAnswered, noteNoAnswer, noteServerError } from '../offline/connectivity.ts'
import { ApiError, toApiError } from './api-error.ts'
import type { KyRequest } from './ky-client.ts'
import { getSession } from './session.ts'
import { type ErrorHandling, handleTransportError } from './transport.ts'

export type RequestOptions = {
  json?: unknown
  /** Raw bytes instead of `json` (a recording's chunk); say their type in `headers`. */
  body?: Blob
  signal?: AbortSignal
  timeout?: number
  /** Send the session's bearer token (default true). */
  auth?: boolean
  /** Use this token instead of the session's (sign_out after the session is cleared). */
  token?: string
  /** The caller shows 4xx and network errors beside its form (the login form). */
  inline?: boolean
  /** No global side effects at all (fire-and-forget calls such as sign_out). */
  silent?: boolean
  /** Extra request headers, e.g. `Idempotency-Key` on a write that may be retried. */
  headers?: Record<string, string>
}

export type HttpDeps = {
  fetch?: typeof fetch
  onError?: (error: ApiError, handling: ErrorHandling) => Promise<void>
}

function parseBody(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch (cause) {
    throw new ApiError({ kind: 'invalid_response', message: 'The answer is not JSON', cause })
  }
}

/** The only HTTP client of the web app: base /api/v1, bearer token, contract-checked answers. */
export function createHttp(deps: HttpDeps = {}) {
  // ky is a chunk of its own, loaded by the first request (or by `preload`): a signed-out login
  // page sends none before the sign-in, so its first screen does without it.
  let client: Promise<KyRequest> | undefined
  const loadClient = () => {
    client ??= import('./ky-client.ts').then(
      ({ createKyRequest }) =>
        createKyRequest(deps.fetch ?? ((input, init) => globalThis.fetch(input, init))),
      (error: unknown) => {
        // The next request tries again (e.g. once the connection is back).
        client = undefined
        throw error
      },
    )
    return client
  }
  const onError = deps.onError ?? handleTransportError

  /** Sends one request and reads its answer with `read`; failures go through the transport rules. */
  async function send<T>(
    method: 'get' | 'post',
    path: string,
    options: RequestOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const token = options.token ?? (options.auth === false ? undefined : getSession()?.token)
    try {
      const request = await loadClient()
      const response = await request(path, {
        method,
        json: options.json,
        body: options.body,
        signal: options.signal,
        timeout: options.timeout,
        headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      })
      // The service worker's cached copy is not the server answering.
      if (response.headers.get(FROM_CACHE_HEADER) === '1') noteNoAnswer()
      else noteAnswered()
      return await read(response)
    } catch (thrown) {
      const error = toApiError(thrown)
      if (error.kind === 'network') noteNoAnswer()
      else if (error.kind === 'http' && error.isServerError) noteServerError()
      else if (error.kind === 'http') noteAnswered()
      if (!options.silent)
        await onError(error, { authenticated: token !== undefined, inline: !!options.inline })
      throw error
    }
  }

  async function readAnswer<S extends v.GenericSchema>(path: string, schema: S, response: Response) {
    const parsed = v.safeParse(schema, parseBody(await response.text()))
    if (!parsed.success) {
      throw new ApiError({ kind: 'invalid_response', message: `Unexpected answer from ${path}` })
    }
    return parsed.output
  }

  function request<S extends v.GenericSchema>(
    method: 'get' | 'post',
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<v.InferOutput<S>> {
    return send(method, path, options, (response) => readAnswer(path, schema, response))
  }

  return {
    /** Starts loading the HTTP client now, so the first request does not wait for it. */
    preload: () => void loadClient().catch(() => undefined),
    get: <S extends v.GenericSchema>(path: string, schema: S, options?: RequestOptions) =>
      request('get', path, schema, options),
    post: <S extends v.GenericSchema>(path: string, schema: S, options?: RequestOptions) =>
      request('post', path, schema, options),
    /**
     * A GET the service worker may answer from its cache when the network fails (the lesson
     * lists): `savedAt` is then when that copy was fetched (ms), else null.
     */
    getCacheable: <S extends v.GenericSchema>(path: string, schema: S, options: RequestOptions = {}) =>
      send('get', path, options, async (response) => {
        const fromCache = response.headers.get(FROM_CACHE_HEADER) === '1'
        const savedAt = Number(response.headers.get(SAVED_AT_HEADER))
        const data: v.InferOutput<S> = await readAnswer(path, schema, response)
        return { data, savedAt: fromCache ? (Number.isFinite(savedAt) && savedAt > 0 ? savedAt : 0) : null }
      }),
    /**
     * An answer read by `read` (its failures go through the transport rules too): a file behind
     * the bearer token as a Blob (a lesson material), or the response itself, to read as it
     * arrives (the AI tutor's server-sent events).
     */
    readResponse: <T>(
      method: 'get' | 'post',
      path: string,
      options: RequestOptions,
      read: (response: Response) => Promise<T>,
    ) => send(method, path, options, read),
  }
}

export type Http = ReturnType<typeof createHttp>

export const http: Http = createHttp()

// A signed-in start sends requests at once: the client loads alongside the first screen.
if (getSession()) http.preload()
