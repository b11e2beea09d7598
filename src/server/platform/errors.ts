import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { formatMessage } from '../../domain/error-text.ts'
import type { ApiErrorBody, ErrorCode, FieldError } from '../../domain/errors.ts'

// architecture.md "API": the status of each stable code; anything not listed is a broken business
// rule (422).
const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  validation_failed: 400,
  unauthenticated: 401,
  // The sign-in texts (product-rules.md "Sign-in and account states"): the status is revealed only
  // to someone who knows the password.
  awaiting_verification: 403,
  account_inactive: 403,
  account_banned: 403,
  forbidden: 403,
  student_profile_forbidden: 403,
  not_found: 404,
  email_taken: 409,
  registration_already_completed: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  reset_retry_wait: 429,
  server_error: 500,
  // Booking: who may book at all is a permission; someone else's booking of the same
  // slot is a conflict; every other refusal is a broken booking rule (422, the default).
  human_access_required: 403,
  registration_incomplete: 403,
  group_lessons_only: 403,
  slot_taken: 409,
  teacher_busy_lesson: 409,
  teacher_busy_meeting: 409,
  // My lessons: a lesson's state forbids the write now (it has started, ended, been
  // cancelled, been rated…): a conflict with the lesson as it is. A wrong absentee or one material
  // too many stays a broken rule (422).
  lesson_started: 409,
  lesson_cancelled: 409,
  lesson_finished: 409,
  lesson_not_finished: 409,
  rating_exists: 409,
  rating_missing: 409,
  absence_too_early: 409,
  absence_already_reported: 409,
  group_lesson_memo: 409,
  absentee_invalid: 422,
  too_many_materials: 422,
  // The lesson room: a party's own lesson only, as lessons/show (never reveal which).
  lesson_not_found: 404,
  // The AI lesson: the model is an outside service, so its failures are 502/504 and
  // "not configured" is 503; the daily cap is a quota (429).
  ai_access_denied: 403,
  ai_not_configured: 503,
  ai_transcription_not_configured: 503,
  ai_daily_messages: 429,
  // A student's lack-of-slots reports a day are a quota too.
  lack_of_slots_daily_cap: 429,
  // Recordings: the student's missing agreement is a permission; the rest conflict
  // with the recording as it is.
  recording_not_agreed: 403,
  recording_in_progress: 409,
  recording_not_active: 409,
  recording_chunk_gap: 409,
  recording_chunk_mismatch: 409,
  recording_lesson_full: 409,
  recording_day_full: 409,
  recap_not_draft: 409,
  push_endpoint_taken: 409,
  // An outside video service (Vonage, LearnCube) failed or timed out.
  video_provider_unavailable: 503,
  sms_unavailable: 409,
  sms_number_invalid: 422,
  sms_off: 409,
  sms_gateway_unavailable: 503,
  // The group room: the school lacks a group server (a configuration, not the caller's fault);
  // a removed student may not come back.
  group_server_missing: 503,
  group_room_removed: 403,
  ai_model_failed: 502,
  ai_model_timeout: 504,
  ai_nothing_to_retry: 409,
}

/**
 * A failure with a stable code and the English message of product-rules.md "Errors"
 * (architecture.md "API").
 */
export class AppError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly params: Record<string, string> | undefined
  readonly fieldErrors: FieldError[] | undefined
  readonly headers: Record<string, string> | undefined

  constructor(
    code: ErrorCode,
    options: {
      status?: number
      params?: Record<string, string>
      errors?: FieldError[]
      headers?: Record<string, string>
    } = {},
  ) {
    super(formatMessage(code, options.params))
    this.code = code
    this.status = options.status ?? STATUS_BY_CODE[code] ?? 422
    this.params = options.params
    this.fieldErrors = options.errors
    this.headers = options.headers
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

/**
 * The client-error status a framework part attached to what it threw (Fastify's FST_* errors carry
 * `statusCode`, @fastify/send's http-errors carry `status` and `expose`), or undefined for a fault.
 */
function clientErrorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined
  const status = Reflect.get(error, 'statusCode') ?? Reflect.get(error, 'status')
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined
}

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
}

/**
 * Maps errors to the JSON error shape: every framework status keeps its own status and gets a
 * stable code (malformed JSON 400, a forbidden path 403, a wrong method 405, an oversized body 413
 * …); only real faults are 500, logged here, with no details leaving the server.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers)
      return reply.status(error.status).send(error.toBody())
    }
    const status = clientErrorStatus(error)
    if (status !== undefined) {
      const code = CODE_BY_STATUS[status] ?? 'bad_request'
      const body: ApiErrorBody = { error: formatMessage(code), code }
      if (code === 'validation_failed' && error instanceof Error) {
        body.errors = [{ field: '', message: error.message }]
      }
      return reply.status(status).send(body)
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply
      .status(500)
      .send({ error: formatMessage('server_error'), code: 'server_error' } satisfies ApiErrorBody)
  })
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot decode (`%zz`, bytes that are not UTF-8)
 * or a path parameter over its length. Answered in the API's error shape; no hook runs for it,
 * so the answer says itself that no cache may keep it (platform/cache-control.ts).
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const body: ApiErrorBody = {
    error: formatMessage('validation_failed'),
    code: 'validation_failed',
    errors: [{ field: '', message: error.message }],
  }
  reply.status(400).header('cache-control', 'no-store').send(body)
}

/** The JSON 404 of an unknown API path (a not-found handler can be set once per instance). */
export function replyNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body: ApiErrorBody = {
    error: `No route ${request.method} ${request.url.split('?')[0]}`,
    code: 'not_found',
  }
  return reply.status(404).send(body)
}

/** An operator command's failure (ops CLI and socket): a plain message, printed as is. */
export class OpsError extends Error {}
