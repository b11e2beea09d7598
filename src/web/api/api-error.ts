import * as v from 'valibot'
import { apiErrorSchema } from '../../domain/api/common.ts'
import { BASE_ERROR_CODES, type ErrorCode, type FieldError } from '../../domain/errors.ts'

/** What went wrong, as the transport rules of product-rules.md "Errors" distinguish it. */
export type ApiErrorKind = 'http' | 'network' | 'invalid_response' | 'aborted'

type ApiErrorInit = {
  kind: ApiErrorKind
  message: string
  status?: number
  code?: ErrorCode
  fieldErrors?: FieldError[]
  params?: Record<string, string>
  cause?: unknown
}

/** The one error type the web's API layer throws. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number | undefined
  readonly code: ErrorCode | undefined
  readonly fieldErrors: FieldError[]
  readonly params: Record<string, string>

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause })
    this.name = 'ApiError'
    this.kind = init.kind
    this.status = init.status
    this.code = init.code
    this.fieldErrors = init.fieldErrors ?? []
    this.params = init.params ?? {}
  }

  /** 5xx, statuses outside 4xx and answers the contract does not describe. */
  get isServerError(): boolean {
    if (this.kind === 'invalid_response') return true
    if (this.kind !== 'http' || this.status === undefined) return false
    return this.status >= 500 || this.status < 400
  }
}

export function isErrorCode(value: string): value is ErrorCode {
  return BASE_ERROR_CODES.some((code) => code === value)
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/** An error answer (status and parsed body) as an ApiError; shared by ky and the upload client. */
export function httpApiError(status: number, data: unknown, cause?: unknown): ApiError {
  const body = v.safeParse(apiErrorSchema, data)
  if (!body.success) return new ApiError({ kind: 'http', status, message: `HTTP ${status}`, cause })
  const { code, errors, params } = body.output
  return new ApiError({
    kind: 'http',
    status,
    message: body.output.error,
    code: isErrorCode(code) ? code : undefined,
    fieldErrors: errors,
    params,
    cause,
  })
}

/**
 * Converts whatever a request threw into an ApiError (ky's own errors are converted by
 * ky-client.ts; a TypeError is fetch's lost connection, or the ky chunk that could not load).
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (isAbort(error)) return new ApiError({ kind: 'aborted', message: 'Request aborted', cause: error })
  if (error instanceof TypeError) {
    return new ApiError({ kind: 'network', message: 'Network error!', cause: error })
  }
  return new ApiError({
    kind: 'invalid_response',
    message: 'Unexpected answer from the server',
    cause: error,
  })
}
