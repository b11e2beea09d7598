import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { Profile } from '../../../domain/api/profile.ts'
import { DEFAULT_BAN_DURATION_DAYS, DEFAULT_CANCELLATION_EARLINESS_HOURS } from '../../../domain/constants.ts'
import { formatPolandDate } from '../../../domain/poland-time.ts'
import { useLogout } from '../../api/logout.ts'
import { useSession } from '../../api/session.ts'
import { useSettings } from '../../api/settings.ts'
import { readSeenMarker, writeSeenMarker } from '../../offline/seen-marker.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { banWarnDecision, WARNING_SEEN_KEY, warningSeenValue } from './ban-warn-decision.ts'

const readSeen = () => readSeenMarker(WARNING_SEEN_KEY)
const writeSeen = (value: string) => writeSeenMarker(WARNING_SEEN_KEY, value)

/**
 * BanWarn (product-rules.md "Warning and ban"): at start, a warned student sees the warning once
 * per sign-in; a student whose ban has not ended sees the ban with its end date and is logged out
 * on closing it.
 */
export function BanWarn({ profile }: { profile: Profile }) {
  const session = useSession()
  const seenValue = warningSeenValue(profile, session?.expiresAt ?? '')
  const [dismissed, setDismissed] = useState(false)
  const kind = banWarnDecision(profile, Date.now(), dismissed || readSeen() === seenValue)
  if (kind === 'ban' && profile.banned_until) return <BanDialog until={profile.banned_until} />
  if (kind !== 'warn') return null
  return (
    <WarningDialog
      onClose={() => {
        writeSeen(seenValue)
        setDismissed(true)
      }}
    />
  )
}

function WarningDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const settings = useSettings().data
  const days = settings?.ban_duration ?? DEFAULT_BAN_DURATION_DAYS
  const hours = settings?.cancellation_earliness ?? DEFAULT_CANCELLATION_EARLINESS_HOURS
  const banFor = plural(days, { one: '# dzień', few: '# dni', many: '# dni', other: '# dnia' })
  const before = plural(hours, { one: '# godzinę', few: '# godziny', many: '# godzin', other: '# godziny' })
  return (
    <AppDialog opened onClose={onClose} variant="shared" title={t`Ostrzeżenie`}>
      <Stack gap="md">
        <Text>
          <Trans>
            Otrzymujesz ostrzeżenie, ponieważ lekcja została odwołana później niż {before} przed jej
            rozpoczęciem.
          </Trans>
        </Text>
        <Text fw={600}>
          <Trans>Kolejne tak późne odwołanie lekcji zablokuje Twoje konto na {banFor}.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            <Trans>Rozumiem</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}

function BanDialog({ until }: { until: string }) {
  const { t } = useLingui()
  const logout = useLogout()
  const date = formatPolandDate(Date.parse(until))
  const close = () => void logout()
  return (
    <AppDialog opened onClose={close} variant="shared" title={t`Konto zablokowane`}>
      <Stack gap="md">
        <Text>
          <Trans>Twoje konto jest zablokowane do {date} z powodu odwoływania lekcji.</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>Po zamknięciu tego okna nastąpi wylogowanie.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            <Trans>Wyloguj się</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
