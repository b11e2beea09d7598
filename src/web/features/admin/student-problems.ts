import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage, fieldErrorMessage } from '../../api/error-messages.ts'
import type { Problem } from './teacher-problems.ts'

// The Students services' refusals (modules/admin/students-*.ts, shared with the ops CLI, so in
// English) in the screen's words; validation issues by their code; anything else as it came.

export const SCHEDULED_LIMIT = { min: 1, max: 50 } as const

function known(message: string): MessageDescriptor | null {
  if (message.endsWith('is not banned.')) return msg`Ten kursant nie ma blokady.`
  if (message.endsWith('has no warning.')) return msg`Ten kursant nie ma ostrzeżenia.`
  if (message.startsWith('The date has passed')) return msg`Ta data już minęła.`
  if (message.endsWith('already in use by another account.')) return msg`Ten adres e-mail ma już inne konto.`
  if (message.startsWith('A whole number of lessons')) {
    const { min, max } = SCHEDULED_LIMIT
    return msg`Liczba całkowita od ${min} do ${max}.`
  }
  if (message.startsWith('No student')) return msg`Nie ma takiego kursanta.`
  if (message.endsWith('has no invitation waiting to be sent.'))
    return msg`Ten kursant nie ma zaproszenia czekającego na wysłanie.`
  return null
}

/** What went wrong with a change, on its field when the server named one. */
export function studentProblem(error: unknown): Problem | null {
  if (!error) return null
  if (!(error instanceof ApiError)) return { field: null, message: codeMessage('server_error') }
  const first = error.fieldErrors[0]
  if (first)
    return {
      field: first.field,
      message: known(first.message) ?? (first.code ? fieldErrorMessage(first) : first.message),
    }
  return { field: null, message: apiErrorMessage(error) }
}
