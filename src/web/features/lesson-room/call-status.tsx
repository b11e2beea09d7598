import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Tooltip.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Badge, Group, Loader, Text, Tooltip } from '@mantine/core'
import { IconAntennaBars1, IconAntennaBars3, IconAntennaBars5, IconAntennaBarsOff } from '@tabler/icons-react'
import type { CallPhase } from './call/call-session.ts'
import type { CallStats, Quality } from './call/call-stats.ts'

const phaseTexts: Record<CallPhase, (name: string) => MessageDescriptor> = {
  connecting: () => msg`Łączenie z pokojem lekcji…`,
  waiting: () => msg`Czekamy, aż druga osoba dołączy`,
  joining: () => msg`Łączymy obraz i dźwięk…`,
  connected: () => msg`Połączono`,
  reconnecting: () => msg`Połączenie przerwane — łączymy ponownie…`,
  // The other side's trouble, told apart from its leaving (and from ours).
  'peer-reconnecting': (name) => msg`${name} traci połączenie — czekamy, aż wróci…`,
  'peer-left': (name) => msg`${name} nie jest już na lekcji`,
  ended: () => msg`Rozmowa zakończona`,
}

const qualityTexts: Record<Quality, MessageDescriptor> = {
  good: msg`Połączenie dobre`,
  fair: msg`Połączenie średnie`,
  poor: msg`Połączenie słabe`,
  unknown: msg`Jakość połączenia nieznana`,
}

const qualityLook: Record<Quality, { color: string; Icon: typeof IconAntennaBars5 }> = {
  good: { color: 'teal', Icon: IconAntennaBars5 },
  fair: { color: 'yellow', Icon: IconAntennaBars3 },
  poor: { color: 'red', Icon: IconAntennaBars1 },
  unknown: { color: 'gray', Icon: IconAntennaBarsOff },
}

/** The call's state in words, announced to screen readers as it changes. */
export function PhaseStatus({ phase, otherName }: { phase: CallPhase; otherName: string }) {
  const { i18n } = useLingui()
  const busy =
    phase === 'connecting' || phase === 'joining' || phase === 'reconnecting' || phase === 'peer-reconnecting'
  const troubled = phase === 'reconnecting' || phase === 'peer-reconnecting'
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid="call-phase" data-phase={phase}>
      {busy && <Loader size={14} color="gray.3" aria-hidden />}
      <Text size="sm" c={troubled ? 'orange.3' : 'gray.2'}>
        {i18n._(phaseTexts[phase](otherName))}
      </Text>
    </Group>
  )
}

/** good / fair / poor from getStats, with the numbers behind it on hover and focus. */
export function QualityIndicator({ stats }: { stats: CallStats | null }) {
  const { i18n } = useLingui()
  const quality = stats?.quality ?? 'unknown'
  const { color, Icon } = qualityLook[quality]
  const label = i18n._(qualityTexts[quality])
  const details =
    stats && stats.rttMs !== null
      ? `${label}: ${stats.rttMs} ms, ${Math.round((stats.loss ?? 0) * 1000) / 10}%, ${stats.inboundKbps ?? 0} kbit/s`
      : label
  return (
    <Tooltip label={details} withArrow>
      <Badge
        color={color}
        variant="light"
        leftSection={<Icon size={14} aria-hidden />}
        tabIndex={0}
        aria-label={details}
        data-testid="call-quality"
        data-quality={quality}
      >
        {label}
      </Badge>
    </Tooltip>
  )
}
