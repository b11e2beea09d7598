import type { FormErrors } from '@mantine/form'
import type { FieldMessages } from '../../api/issue-messages.ts'
import { Message } from '../message.tsx'

/**
 * Field messages (src/web/api/issue-messages.ts) → Mantine form errors. Each error is a node that
 * follows the active language, so switching pl/en re-words errors already on screen.
 */
export function toFormErrors(messages: FieldMessages): FormErrors {
  const errors: FormErrors = {}
  for (const [path, message] of Object.entries(messages)) errors[path] = <Message of={message} />
  return errors
}
