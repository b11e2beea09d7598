import { i18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { HELPER_TOAST_MS, TOAST_MS } from '../../../domain/constants.ts'
import { showToast } from '../../ui/toast.ts'

// The toasts of product-rules.md "Errors": success toasts for profile edit, password, description
// and languages, the default "data updated" success, the update-data error and the change-locale
// error; helper toasts last 1.5 s, the others 4 s ("Constants and limits").

export const successTexts = {
  profile: msg`Dane profilu zostały zaktualizowane`,
  password: msg`Hasło zostało zmienione`,
  description: msg`Opis został zaktualizowany`,
  languages: msg`Języki zostały zaktualizowane`,
  data: msg`Dane zostały zaktualizowane`,
} satisfies Record<string, MessageDescriptor>

export const updateErrorText = msg`Błąd podczas aktualizacji danych`
export const localeErrorText = msg`Nie udało się zmienić języka. Spróbuj ponownie.`

export function showSuccessToast(message: MessageDescriptor): void {
  showToast({ color: 'green', message: i18n._(message), autoClose: HELPER_TOAST_MS })
}

export function showErrorToast(message: MessageDescriptor = updateErrorText): void {
  showToast({
    id: `profile-error-${message.id}`,
    color: 'red',
    message: i18n._(message),
    autoClose: TOAST_MS,
  })
}
