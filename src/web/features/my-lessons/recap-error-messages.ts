import { msg } from '@lingui/core/macro'
import type { RecapErrorCode } from '../../../domain/errors.ts'
import { registerCodeMessages } from '../../api/error-messages.ts'

// A recap's refusal in pl/en, beside its review (the shell's map stays within the login's size
// budget); the recap's screen imports this module, which registers it.
registerCodeMessages<RecapErrorCode>({
  recap_not_draft: () => msg`To podsumowanie nie jest już szkicem`,
})
