import * as v from 'valibot'
import type { FieldError } from '../../domain/errors.ts'
import { AppError } from './errors.ts'
import { decodeIssue, englishIssue, isIssueCode } from './issue-english.ts'

// Valibot reports a missing key from the object schema ("Invalid key: …"), not from the field's
// own schema, so it is turned into the `required` issue here (product-rules.md "Validation":
// "This field is required").

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

/**
 * One line per field for people at a terminal (ops CLI): an issue code's English wording, or the
 * message itself where a schema words its problems in English directly (the operator commands').
 */
export function issueLines(issues: readonly v.BaseIssue<unknown>[], fallbackField: string): string[] {
  const seen = new Set<string>()
  const lines: string[] = []
  for (const found of issues) {
    const field = found.path?.map((p) => String(p.key)).join('.') || fallbackField
    if (seen.has(field)) continue
    seen.add(field)
    const code = found.message.split(':')[0] ?? ''
    lines.push(`${field}: ${isIssueCode(code) ? englishIssue(decodeIssue(found.message)) : found.message}`)
  }
  return lines
}

/** Parses untrusted input; a bad value becomes a 400 with per-field messages, never a 500. */
export function parseInput<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input ?? {})
  if (!result.success) throw new AppError('validation_failed', { errors: fieldErrors(result.issues) })
  return result.output
}
