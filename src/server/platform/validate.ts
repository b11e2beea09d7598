import * as v from 'valibot'
import type { FieldError } from '../../domain/errors.ts'
import { decodeIssue, englishIssue } from '../../domain/validation/issues.ts'
import { AppError } from './errors.ts'

// Valibot reports a missing key from the object schema ("Invalid key: …"), not from the field's
// own schema, so it is turned into the `required` issue here (spec §5 "This field is required").

const isMissingKey = (issue: v.BaseIssue<unknown>) =>
  issue.kind === 'schema' && issue.input === undefined && issue.path?.at(-1)?.origin === 'key'

/** Field messages from valibot issues: `a.b` paths, one message per field (first wins). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  const seen = new Map<string, FieldError>()
  for (const found of issues) {
    const field = found.path?.map((p) => String(p.key)).join('.') ?? ''
    if (seen.has(field)) continue
    const decoded = isMissingKey(found) ? decodeIssue('required') : decodeIssue(found.message)
    seen.set(field, {
      field,
      message: englishIssue(decoded),
      code: decoded.code,
      ...(decoded.param ? { param: decoded.param } : {}),
    })
  }
  return [...seen.values()]
}

/** Parses untrusted input; a bad value becomes a 400 with per-field messages, never a 500. */
export function parseInput<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input ?? {})
  if (!result.success) throw new AppError('validation_failed', { errors: fieldErrors(result.issues) })
  return result.output
}
