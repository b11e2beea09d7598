import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Text } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { SectionCard } from './section-card.tsx'

/** The password: changed in EditPassword. */
export function PasswordCard({ onChange }: { onChange: () => void }) {
  const { t } = useLingui()
  return (
    <SectionCard title={t`Hasło`}>
      <Text size="sm" c="dimmed">
        <Trans>Ustaw nowe hasło, którym będziesz się logować. Potrzebne będzie obecne hasło.</Trans>
      </Text>
      <Button
        variant="default"
        leftSection={<IconLock size={16} aria-hidden />}
        onClick={onChange}
        style={{ alignSelf: 'flex-start' }}
      >
        <Trans>Zmień hasło</Trans>
      </Button>
    </SectionCard>
  )
}
