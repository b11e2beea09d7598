import * as v from 'valibot'
import type { FieldError } from '../../domain/errors.ts'
import { AppError } from './errors.ts'

/** Field messages from valibot issues: `a.b` paths, one message per field (first wins). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  const seen = new Map<string, string>()
  for (const issue of issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') ?? ''
    if (!seen.has(field)) seen.set(field, issue.message)
  }
  return [...seen].map(([field, message]) => ({ field, message }))
}

/** Parses untrusted input; a bad value becomes a 400 with per-field messages, never a 500. */
export function parseInput<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input ?? {})
  if (!result.success) throw new AppError('validation_failed', { errors: fieldErrors(result.issues) })
  return result.output
}
