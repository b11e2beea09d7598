import type { MessageDescriptor } from '@lingui/core'
import type { ChatFailure } from '../../api/ai-chat.ts'
import { isErrorCode } from '../../api/api-error.ts'
import { codeMessage, networkErrorMessage } from '../../api/error-messages.ts'

/** What the chat says about a failed send: the server's code in pl/en, else the network's text. */
export function chatFailureMessage(failure: ChatFailure): MessageDescriptor {
  if (failure.code && isErrorCode(failure.code)) return codeMessage(failure.code)
  return networkErrorMessage
}
