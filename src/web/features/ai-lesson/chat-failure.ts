import type { MessageDescriptor } from '@lingui/core'
import { isAiErrorCode } from '../../../domain/ai-lesson/errors.ts'
import type { ChatFailure } from '../../api/ai-chat.ts'
import { isErrorCode } from '../../api/api-error.ts'
import { codeMessage, networkErrorMessage } from '../../api/error-messages.ts'
import { AI_ERROR_MESSAGES } from './ai-error-messages.ts'

/** What the chat says about a failed send: the server's code in pl/en, else the network's text. */
export function chatFailureMessage(failure: ChatFailure): MessageDescriptor {
  const code = failure.code
  if (code && isAiErrorCode(code)) return AI_ERROR_MESSAGES[code]
  if (code && isErrorCode(code)) return codeMessage(code)
  return code === 'network' ? networkErrorMessage : codeMessage('server_error')
}
