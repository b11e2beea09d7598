import type { FastifyError, FastifyInstance } from 'fastify'
import { type ApiErrorBody, type ErrorCode, type FieldError, formatMessage } from '../../domain/errors.ts'

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  server_error: 500,
}

/** A failure with a stable code and the spec's English message (ARCHITECTURE.md "API"). */
export class AppError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly params: Record<string, string> | undefined
  readonly fieldErrors: FieldError[] | undefined

  constructor(
    code: ErrorCode,
    options: { status?: number; params?: Record<string, string>; errors?: FieldError[] } = {},
  ) {
    super(formatMessage(code, options.params))
    this.code = code
    this.status = options.status ?? STATUS_BY_CODE[code] ?? 422
    this.params = options.params
    this.fieldErrors = options.errors
  }

  toBody(): ApiErrorBody {
    return {
      error: this.message,
      code: this.code,
      ...(this.fieldErrors ? { errors: this.fieldErrors } : {}),
      ...(this.params ? { params: this.params } : {}),
    }
  }
}

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'

/** Maps framework errors to the JSON error shape; 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(error.toBody())
    }
    if (isFastifyError(error)) {
      const status = error.statusCode ?? 500
      const byStatus: Partial<Record<number, ErrorCode>> = {
        400: 'validation_failed',
        413: 'payload_too_large',
        415: 'unsupported_media_type',
        429: 'too_many_requests',
      }
      const code = byStatus[status]
      if (code) {
        const body: ApiErrorBody = { error: formatMessage(code), code }
        if (code === 'validation_failed') body.errors = [{ field: '', message: error.message }]
        return reply.status(status).send(body)
      }
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ error: formatMessage('server_error'), code: 'server_error' } satisfies ApiErrorBody)
  })

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' })
  })
}
