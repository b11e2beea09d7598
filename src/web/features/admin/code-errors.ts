import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'

// The second factor's refusals, said in the words of the screen: the server answers a wrong code as
// a field error (400 validation_failed on `code` or `recovery_code`).

export const CODE_PATTERN = /^\d{6}$/

export const codeFormatMessage = msg`Kod ma 6 cyfr. Przepisz go z aplikacji uwierzytelniającej.`
export const wrongCodeMessage = msg`Ten kod jest nieprawidłowy albo już wygasł. Wpisz kod, który aplikacja pokazuje teraz (zmienia się co 30 sekund).`
export const wrongFirstCodeMessage = msg`Ten kod się nie zgadza. Sprawdź, czy zegar telefonu ustawia się automatycznie (kody zależą od dokładnego czasu) i czy klucz wpisany w aplikacji jest taki jak powyżej, potem wpisz kod, który aplikacja pokazuje teraz.`
export const wrongRecoveryCodeMessage = msg`Ten kod odzyskiwania jest nieprawidłowy albo został już użyty.`

/** The code as typed, without the spaces some apps show in the middle. */
export const cleanCode = (text: string) => text.replaceAll(/\s/g, '')

/** What to say beside the field after a refused code. */
export function codeErrorMessage(error: unknown, field: 'code' | 'recovery_code'): MessageDescriptor {
  if (!(error instanceof ApiError)) return codeMessage('server_error')
  if (error.code === 'validation_failed' && error.fieldErrors.some((e) => e.field === field))
    return field === 'code' ? wrongCodeMessage : wrongRecoveryCodeMessage
  return apiErrorMessage(error)
}
