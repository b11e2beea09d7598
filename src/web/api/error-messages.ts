import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import type { ErrorCode } from '../../domain/errors.ts'
import type { ApiError } from './api-error.ts'

// Every stable error code of src/domain/errors.ts with its text for people (spec §8 wording in
// English, natural Polish as the source). `Record<ErrorCode, …>` keeps the map exhaustive.
const codeMessages = (params: Record<string, string>): Record<ErrorCode, MessageDescriptor> => {
  const date = params.date ?? ''
  return {
    wrong_credentials: msg`Nieprawidłowy e-mail lub hasło`,
    awaiting_verification: msg`Twoje konto czeka na weryfikację`,
    account_inactive: msg`Konto jest nieaktywne`,
    account_banned: msg`Twoje konto jest zablokowane do ${date} z powodu odwoływania lekcji`,
    invitation_invalid: msg`Link aktywacyjny konta jest nieprawidłowy lub wygasł`,
    reset_token_invalid: msg`Link do zmiany hasła jest nieprawidłowy lub wygasł`,
    reset_retry_wait: msg`Odczekaj 2 minuty, zanim ponownie zresetujesz hasło`,
    email_taken: msg`Ten adres e-mail jest już używany`,
    current_password_incorrect: msg`Obecne hasło jest nieprawidłowe`,
    student_profile_forbidden: msg`Nie masz uprawnień do wyświetlenia profilu tego kursanta`,
    unauthenticated: msg`Wylogowano Cię`,
    forbidden: msg`Nie masz uprawnień do wykonania tej czynności`,
    not_found: msg`Nie znaleziono`,
    validation_failed: msg`Nieprawidłowe dane`,
    too_many_requests: msg`Zbyt wiele prób. Spróbuj ponownie później.`,
    payload_too_large: msg`Plik jest za duży`,
    unsupported_media_type: msg`Nieobsługiwany typ pliku`,
    server_error: msg`Błąd serwera. Spróbuj ponownie później.`,
  }
}

export function codeMessage(code: ErrorCode, params: Record<string, string> = {}): MessageDescriptor {
  return codeMessages(params)[code]
}

export const networkErrorMessage = msg`Błąd sieci! Sprawdź połączenie z internetem i spróbuj ponownie.`

/** The text for an error answer: its code when known, otherwise a generic one by status. */
export function apiErrorMessage(error: ApiError): MessageDescriptor {
  if (error.kind === 'network') return networkErrorMessage
  if (error.code) return codeMessage(error.code, error.params)
  if (error.status === 401) return codeMessage('unauthenticated')
  if (error.status === 403) return codeMessage('forbidden')
  if (error.status === 404) return codeMessage('not_found')
  if (error.status === 429) return codeMessage('too_many_requests')
  if (error.status !== undefined && error.status >= 400 && error.status < 500) {
    return codeMessage('validation_failed')
  }
  return codeMessage('server_error')
}

/**
 * What a form shows beside itself: nothing for server errors (the global server-error alert
 * shows those, spec §8) and nothing for aborted requests.
 */
export function inlineErrorMessage(error: ApiError): MessageDescriptor | null {
  if (error.kind === 'aborted' || error.isServerError) return null
  return apiErrorMessage(error)
}

// The server's field messages come from the shared valibot schemas (src/domain/api/common.ts),
// in English; these are their translations.
export function fieldErrorMessage(message: string): MessageDescriptor {
  if (message === 'This field is required') return msg`To pole jest wymagane`
  if (message === 'Please enter a valid e-mail address') return msg`Podaj poprawny adres e-mail`
  if (message === 'Passwords do not match') return msg`Hasła nie są takie same`
  const atLeast = Number(/^At least (\d+) characters$/.exec(message)?.[1])
  if (atLeast > 0) {
    return msg`Wpisz co najmniej ${plural(atLeast, { one: '# znak', few: '# znaki', many: '# znaków', other: '# znaku' })}`
  }
  const atMost = Number(/^At most (\d+) characters$/.exec(message)?.[1])
  if (atMost > 0) {
    return msg`Wpisz najwyżej ${plural(atMost, { one: '# znak', few: '# znaki', many: '# znaków', other: '# znaku' })}`
  }
  return msg`Nieprawidłowa wartość`
}
