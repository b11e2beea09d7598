import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage } from '../../api/error-messages.ts'

/**
 * What a failed registration submit says (a failed submit loses nothing): what happened and what to
 * do; the form, the draft and the chosen files all stay.
 */
export function submitFailureMessage(error: ApiError): MessageDescriptor {
  if (error.kind === 'aborted')
    return msg`Wysyłanie przerwane. Nic nie zostało utracone – możesz wysłać ponownie.`
  if (error.kind === 'network')
    return msg`Brak połączenia z serwerem. Nic nie zostało utracone – sprawdź internet i wyślij ponownie.`
  if (error.status === 413 || error.code === 'payload_too_large')
    return msg`Serwer nie przyjął plików, bo są za duże (zdjęcie do 5 MB, film do 100 MB). Wybierz mniejsze i wyślij ponownie.`
  if (error.status === 415 || error.code === 'unsupported_media_type')
    return msg`Serwer nie przyjął typu pliku (zdjęcie: JPG lub PNG, film: MP4). Wybierz inny plik i wyślij ponownie.`
  if (error.isServerError) return msg`Błąd serwera. Nic nie zostało utracone – spróbuj ponownie za chwilę.`
  return apiErrorMessage(error)
}

/** The field errors a form can show beside a field (not the request as a whole: '' or `payload`). */
export const fieldErrorsOf = (error: ApiError) =>
  error.fieldErrors.filter((f) => f.field !== '' && f.field !== 'payload')
