import { msg } from '@lingui/core/macro'
import type { RecordingErrorCode } from '../../../domain/errors.ts'
import { registerCodeMessages } from '../../api/error-messages.ts'

// A recording's refusals in pl/en, in the room recorder's chunk (the shell's map stays within the
// login's size budget); the recorder imports this module, which registers them.
registerCodeMessages<RecordingErrorCode>({
  recording_not_agreed: () =>
    msg`Kursant nie zgodził się na nagrywanie głosu, więc tej lekcji nie można nagrać`,
  recording_in_progress: () => msg`Ta lekcja jest już nagrywana`,
  recording_not_active: () => msg`Ta lekcja nie jest teraz nagrywana`,
  recording_chunk_gap: ({ expected = '' }) =>
    msg`Brakuje części nagrania: najpierw trzeba wysłać część ${expected}`,
  recording_chunk_mismatch: () => msg`Ta część nagrania dotarła już wcześniej z inną treścią`,
  recording_chunk_invalid: () => msg`Ta część nagrania jest pusta albo nie jest nagraniem WebM`,
  recording_lesson_full: ({ max = '' }) =>
    msg`Nagrania tej lekcji zajmują już ${max} MB: tyle najwięcej szkoła przechowuje dla jednej lekcji`,
  recording_day_full: ({ max = '' }) =>
    msg`Dzisiejsze nagrania tego lektora zajmują już ${max} MB: tyle najwięcej szkoła przechowuje dla jednego dnia`,
})
