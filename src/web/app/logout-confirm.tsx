import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import { useLogout } from '../api/logout.ts'
import { getSession } from '../api/session.ts'
import { offlineStoreMayExist } from '../offline/offline-store.ts'
import { AppDialog } from '../ui/app-dialog.tsx'

/** How many writes made offline wait; the outbox (Dexie) is only downloaded when there may be some. */
async function unsentWrites(userId: string): Promise<number> {
  if (!(await offlineStoreMayExist())) return 0
  try {
    const { countUnsent } = await import('../offline/outbox.ts')
    return await countUnsent(userId)
  } catch {
    return 0
  }
}

/**
 * Logout that warns first when the outbox still holds writes made offline (architecture.md
 * "Offline"): logging out empties it. Render `dialog` next to the control.
 */
export function useLogoutWithWarning(): { requestLogout: () => Promise<void>; dialog: ReactNode } {
  const { t } = useLingui()
  const logout = useLogout()
  const [unsent, setUnsent] = useState<number | null>(null)
  const requestLogout = async () => {
    const userId = getSession()?.userId
    const count = userId ? await unsentWrites(userId) : 0
    if (count > 0) setUnsent(count)
    else await logout()
  }
  // Only with the dialog open: the first plural of a page builds the locale's number formats, which
  // costs a phone tens of milliseconds on every dashboard's first render otherwise.
  const changes =
    unsent === null
      ? ''
      : plural(unsent, {
          one: '# zmiana',
          few: '# zmiany',
          many: '# zmian',
          other: '# zmiany',
        })
  const dialog = (
    <AppDialog
      opened={unsent !== null}
      onClose={() => setUnsent(null)}
      title={t`Niewysłane zmiany`}
      variant="edit"
    >
      <Stack>
        <Text>
          <Trans>
            Na tym urządzeniu czeka na wysłanie {changes} (notatki, notatki z lekcji lub oceny), zapisanych
            bez połączenia. Po wylogowaniu zostaną usunięte. Połącz się z internetem, a wyślą się same.
          </Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setUnsent(null)}>
            <Trans>Nie wylogowuj</Trans>
          </Button>
          <Button color="red" onClick={() => void logout()}>
            <Trans>Wyloguj i usuń zmiany</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
  return { requestLogout, dialog }
}
