import * as v from 'valibot'
import { ApiError, httpApiError } from './api-error.ts'
import { getSession } from './session.ts'
import { type ErrorHandling, handleTransportError } from './transport.ts'

// Multipart requests with upload progress (design.md "Uploads": they show progress and can be
// cancelled). fetch cannot report upload progress over HTTP/1.1, so this uses XMLHttpRequest;
// failures become the same ApiError, and go through the same transport rules (product-rules.md
// "Errors"), as ky's.

export type UploadProgress = { loaded: number; total: number; fraction: number }

export type MultipartOptions = {
  /** JSON sent as the text part `payload` (docs/decisions.md: multipart = payload + files). */
  payload?: unknown
  /** Plain text parts instead of `payload`, where the API names them (lesson materials). */
  fields?: Record<string, string>
  /** File parts by name; null/undefined parts are left out. */
  files?: Record<string, Blob | null | undefined>
  signal?: AbortSignal
  onProgress?: (progress: UploadProgress) => void
  /** Send the session's bearer token when there is one (default true). */
  auth?: boolean
  /** The caller shows 4xx and network errors itself (see http.ts). */
  inline?: boolean
  /** Extra request headers, e.g. `Idempotency-Key` (see http.ts). */
  headers?: Record<string, string>
}

export type UploadDeps = {
  createRequest?: () => XMLHttpRequest
  onError?: (error: ApiError, handling: ErrorHandling) => Promise<void>
}

function parseJson(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export function buildMultipart(
  payload: unknown,
  files: MultipartOptions['files'] = {},
  fields?: MultipartOptions['fields'],
): FormData {
  const body = new FormData()
  if (fields) for (const [name, value] of Object.entries(fields)) body.append(name, value)
  else body.append('payload', JSON.stringify(payload))
  for (const [name, file] of Object.entries(files)) if (file) body.append(name, file)
  return body
}

function send(
  path: string,
  body: FormData,
  token: string | undefined,
  options: MultipartOptions,
  createRequest: () => XMLHttpRequest,
): Promise<{ status: number; data: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = createRequest()
    const abort = () => xhr.abort()
    if (options.signal?.aborted) {
      reject(new ApiError({ kind: 'aborted', message: 'Request aborted' }))
      return
    }
    options.signal?.addEventListener('abort', abort, { once: true })
    const done = () => options.signal?.removeEventListener('abort', abort)
    xhr.open('POST', `/api/v1${path}`)
    xhr.setRequestHeader('accept', 'application/json')
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value)
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return
      options.onProgress?.({ loaded: event.loaded, total: event.total, fraction: event.loaded / event.total })
    }
    xhr.onload = () => {
      done()
      resolve({ status: xhr.status, data: parseJson(xhr.responseText) })
    }
    xhr.onerror = () => {
      done()
      reject(new ApiError({ kind: 'network', message: 'Network error!' }))
    }
    xhr.ontimeout = xhr.onerror
    xhr.onabort = () => {
      done()
      reject(new ApiError({ kind: 'aborted', message: 'Request aborted' }))
    }
    xhr.send(body)
  })
}

/** The upload client: POST multipart to /api/v1`path`, answer checked against `schema`. */
export function createUpload(deps: UploadDeps = {}) {
  const createRequest = deps.createRequest ?? (() => new XMLHttpRequest())
  const onError = deps.onError ?? handleTransportError
  return async function postMultipart<S extends v.GenericSchema>(
    path: string,
    schema: S,
    options: MultipartOptions,
  ): Promise<v.InferOutput<S>> {
    const token = options.auth === false ? undefined : getSession()?.token
    try {
      const { status, data } = await send(
        path,
        buildMultipart(options.payload, options.files, options.fields),
        token,
        options,
        createRequest,
      )
      if (status < 200 || status >= 300) throw httpApiError(status, data)
      const parsed = v.safeParse(schema, data)
      if (!parsed.success)
        throw new ApiError({ kind: 'invalid_response', message: `Unexpected answer from ${path}` })
      return parsed.output
    } catch (thrown) {
      const error =
        thrown instanceof ApiError
          ? thrown
          : new ApiError({ kind: 'invalid_response', message: 'Unexpected failure', cause: thrown })
      await onError(error, { authenticated: token !== undefined, inline: !!options.inline })
      throw error
    }
  }
}

export const postMultipart = createUpload()
