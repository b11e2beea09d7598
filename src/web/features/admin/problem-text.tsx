import type { MessageDescriptor } from '@lingui/core'
import { Message } from '../../ui/message.tsx'

/** A refusal in the screen's words, or the server's own sentence when the screen has none. */
export function ProblemText({ problem }: { problem: MessageDescriptor | string }) {
  return typeof problem === 'string' ? problem : <Message of={problem} />
}
