import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { TOAST_MS } from '../../../domain/constants.ts'
import { showToast } from '../../ui/toast.ts'

/** product-rules.md "Errors": a failed voice-sample upload shows the update-data error. */
export function showUploadError(): void {
  showToast({
    id: 'voice-sample-upload-error',
    color: 'red',
    message: i18n._(msg`Błąd podczas aktualizacji danych`),
    autoClose: TOAST_MS,
  })
}
