import { msg } from '@lingui/core/macro'
import type { SmsErrorCode } from '../../../domain/errors.ts'
import { registerCodeMessages } from '../../api/error-messages.ts'

// SMS's refusals in pl/en, in the profile's chunk (the shell's map stays within the login's size
// budget); the profile's SMS card imports this module, which registers them.
registerCodeMessages<SmsErrorCode>({
  sms_unavailable: () => msg`Ta szkoła nie wysyła SMS-ów`,
  sms_number_invalid: () => msg`Podaj numer komórkowy, który może odbierać SMS-y`,
  sms_off: () => msg`Najpierw włącz powiadomienia SMS`,
  sms_gateway_unavailable: () => msg`Usługa SMS nie odpowiada. Spróbuj ponownie za chwilę.`,
})
