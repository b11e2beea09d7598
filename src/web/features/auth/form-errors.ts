import type { I18n } from '@lingui/core'
import type { ApiError } from '../../api/api-error.ts'
import { fieldErrorMessage } from '../../api/error-messages.ts'

type FormWithErrors = {
  setFieldError: (path: string, error: string) => void
  getValues: () => object
}

/**
 * Puts the server's per-field messages (400 validation_failed) on the matching fields.
 * Returns true when at least one field took a message.
 */
export function applyFieldErrors(form: FormWithErrors, error: ApiError, i18n: I18n): boolean {
  const fields = Object.keys(form.getValues())
  let applied = false
  for (const fieldError of error.fieldErrors) {
    if (!fields.includes(fieldError.field)) continue
    form.setFieldError(fieldError.field, i18n._(fieldErrorMessage(fieldError)))
    applied = true
  }
  return applied
}
