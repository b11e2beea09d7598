import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'

// The Teachers services' refusals (modules/admin/teachers-service.ts, shared with the ops CLI, so
// in English) in the screen's words; a sentence not known here is shown as it came.

export type Problem = { field: string | null; message: MessageDescriptor | string }

export const MONTHLY_CAP = { min: 1, max: 1000 } as const

function known(message: string): MessageDescriptor | null {
  const ahead = /has (\d+) lesson\(s\) ahead \(the first on ([\d.]+)\)/.exec(message)
  if (ahead) {
    const count = ahead[1] ?? ''
    const first = ahead[2] ?? ''
    return msg`Lektor ma zaplanowane lekcje (${count}, pierwsza ${first}). Najpierw je odwołaj.`
  }
  if (message.endsWith('reject them instead.'))
    return msg`Ten lektor czeka na weryfikację: odrzuć rejestrację zamiast dezaktywować.`
  if (message.endsWith('already deactivated.')) return msg`Ten lektor jest już nieaktywny.`
  if (message.endsWith('is not deactivated.')) return msg`Ten lektor nie jest dezaktywowany.`
  if (message.startsWith('A whole number of lessons')) {
    const { min, max } = MONTHLY_CAP
    return msg`Liczba całkowita od ${min} do ${max} albo puste pole (bez limitu).`
  }
  if (message.startsWith('Vonage is not configured'))
    return msg`Vonage nie jest skonfigurowany na tym serwerze.`
  if (message.startsWith('LearnCube is not configured'))
    return msg`LearnCube nie jest skonfigurowany na tym serwerze.`
  if (message.includes('not awaiting verification')) return msg`Ten lektor nie czeka już na weryfikację.`
  return null
}

/** What went wrong with a change, on its field when the server named one. */
export function teacherProblem(error: unknown): Problem | null {
  if (!error) return null
  if (!(error instanceof ApiError)) return { field: null, message: codeMessage('server_error') }
  const first = error.fieldErrors[0]
  if (first) return { field: first.field, message: known(first.message) ?? first.message }
  return { field: null, message: apiErrorMessage(error) }
}
