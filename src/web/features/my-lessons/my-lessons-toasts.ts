import { i18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { HELPER_TOAST_MS } from '../../../domain/constants.ts'
import { showToast } from '../../ui/toast.ts'

// The success toasts of my-lessons (note added, absence reported, …: product-rules.md "Errors"),
// shown 1.5 s like the other helper toasts ("Constants and limits").

export const successTexts = {
  cancelled: msg`Lekcja została odwołana`,
  noteAdded: msg`Wiadomość dla lektora została zapisana`,
  memoSaved: msg`Notatki zostały zapisane`,
  ratingCreated: msg`Dziękujemy za ocenę lekcji`,
  ratingUpdated: msg`Ocena lekcji została zmieniona`,
  absenceReported: msg`Nieobecność została zgłoszona`,
  materialAdded: msg`Materiał został dodany`,
  materialRemoved: msg`Materiał został usunięty`,
  groupAbsent: msg`Lektor wie, że nie przyjdziesz`,
  groupComing: msg`Lektor wie, że jednak przyjdziesz`,
  queued: msg`Zapisano na tym urządzeniu. Wyślemy, gdy wróci połączenie`,
} satisfies Record<string, MessageDescriptor>

export function showSuccessToast(message: MessageDescriptor): void {
  showToast({ color: 'green', message: i18n._(message), autoClose: HELPER_TOAST_MS })
}
