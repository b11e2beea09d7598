import * as v from 'valibot'
import type { FieldError } from '../../domain/errors.ts'
import { AppError } from './errors.ts'

// spec §5: "Required field: This field is required". Valibot reports a missing key from the object
// schema ("Invalid key: …"), not from the field's own schema, so it is worded here.
const REQUIRED = 'This field is required'

const isMissingKey = (issue: v.BaseIssue<unknown>) =>
  issue.kind === 'schema' && issue.input === undefined && issue.path?.at(-1)?.origin === 'key'

/** Field messages from valibot issues: `a.b` paths, one message per field (first wins). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  const seen = new Map<string, string>()
  for (const issue of issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') ?? ''
    if (!seen.has(field)) seen.set(field, isMissingKey(issue) ? REQUIRED : issue.message)
  }
  return [...seen].map(([field, message]) => ({ field, message }))
}

/** Parses untrusted input; a bad value becomes a 400 with per-field messages, never a 500. */
export function parseInput<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input ?? {})
  if (!result.success) throw new AppError('validation_failed', { errors: fieldErrors(result.issues) })
  return result.output
}
