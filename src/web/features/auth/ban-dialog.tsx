import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { AppDialog } from '../../ui/app-dialog.tsx'

/**
 * BanWarn (product-rules.md "Warning and ban"): a banned student's sign-in is refused with the
 * ban's end date, shown as a dialog (the server sends the date as dd.MM.yyyy in Poland time).
 */
export function BanDialog({ until, onClose }: { until: string | null; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <AppDialog opened={until !== null} onClose={onClose} title={t`Konto zablokowane`} variant="shared">
      <Stack gap="md">
        <Text>
          <Trans>
            Twoje konto jest zablokowane do {until} z powodu odwoływania lekcji. Po tym dniu zalogujesz się
            jak zwykle.
          </Trans>
        </Text>
        <Text c="dimmed" size="sm">
          <Trans>Jeśli uważasz, że to pomyłka, skontaktuj się ze szkołą.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <Trans>Rozumiem</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
