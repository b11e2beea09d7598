import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { ComingSoonPanel } from '../ui/coming-soon-panel.tsx'

export function ComingSoonScreen({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui()
  return <ComingSoonPanel title={i18n._(title)} />
}
