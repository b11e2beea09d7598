import { msg } from '@lingui/core/macro'
import type { GroupClassErrorCode } from '../../../domain/errors.ts'
import { registerCodeMessages } from '../../api/error-messages.ts'

// A group class's refusals in pl/en, in the console's chunk (the shell's map stays within the
// login's size budget); the console's screens import this module, which registers them.
registerCodeMessages<GroupClassErrorCode>({
  teacher_busy_lesson: ({ date = '', time = '', name = '' }) =>
    msg`Lektor ma wtedy lekcję: ${date}, ${time} — ${name}`,
  teacher_busy_meeting: ({ date = '', time = '', title = '' }) =>
    msg`Lektor ma wtedy zajęcia grupowe „${title}”: ${date}, ${time}`,
})
