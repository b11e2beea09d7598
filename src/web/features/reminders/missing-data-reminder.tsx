import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import type { Profile } from '../../../domain/api/profile.ts'
import { paths } from '../../config/paths.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { markReminderShown, missingDataReminderDue } from './reminder-marker.ts'

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage)

/**
 * MissingDataReminder (product-rules.md "Bank details"): a teacher whose bank data is not filled
 * sees it on my-lessons, once per day; it leads to the profile. Mounted by the dashboard layout, so
 * it works whatever my-lessons shows.
 */
export function MissingDataReminder({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const { pathname } = useLocation()
  const [opened, setOpened] = useState(false)

  useEffect(() => {
    const now = Date.now()
    if (!missingDataReminderDue({ profile, pathname, storage: storage(), now })) return
    // Marked when shown, so a reload the same day does not show it again.
    markReminderShown(storage(), profile.id, now)
    setOpened(true)
  }, [profile, pathname])

  return (
    <AppDialog
      opened={opened}
      onClose={() => setOpened(false)}
      variant="shared"
      title={t`Uzupełnij dane bankowe`}
    >
      <Stack gap="md">
        <Text>
          <Trans>
            Brakuje Twoich danych bankowych. Uzupełnij numer konta i adres w profilu, abyśmy mogli wypłacać Ci
            wynagrodzenie za lekcje.
          </Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setOpened(false)}>
            <Trans>Później</Trans>
          </Button>
          <Button component={Link} to={paths.profile} data-autofocus>
            <Trans>Przejdź do profilu</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
