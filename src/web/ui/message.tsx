import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'

/** Renders a message descriptor in the active locale, re-rendering when the locale changes. */
export function Message({ of }: { of: MessageDescriptor }) {
  const { i18n } = useLingui()
  return <>{i18n._(of)}</>
}

/** For form rules: a descriptor becomes a node that follows the locale; null stays null. */
export function messageNode(message: MessageDescriptor | null) {
  return message ? <Message of={message} /> : null
}
