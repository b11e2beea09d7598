import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconBell, IconBellOff } from '@tabler/icons-react'
import { Suspense, useState } from 'react'
import { HELPER_TOAST_MS } from '../../../domain/constants.ts'
import { useLeaveWaitlist, useWaitlists } from '../../api/waitlist.ts'
import { lazyComponent } from '../../ui/lazy-component.tsx'
import { showToast } from '../../ui/toast.ts'
import { leftText, waitlistSummary } from './waitlist-texts.ts'

const joinedText = msg`Powiadomimy Cię, gdy zwolni się pasujący termin.`
// The dialog (with the time pickers) downloads when first opened, not with set-lessons.
const WaitlistDialog = lazyComponent(async () => (await import('./waitlist-dialog.tsx')).WaitlistDialog)

/**
 * Under a teacher's week: no slot suits? Wait for one (or change or leave the wait this student
 * already has for this teacher).
 */
export function WaitlistOffer({ teacherId, teacherName }: { teacherId: string; teacherName: string }) {
  const { t, i18n } = useLingui()
  const waitlists = useWaitlists()
  const leave = useLeaveWaitlist()
  const [open, setOpen] = useState(false)
  const entry = waitlists.data?.find((e) => e.teacher.id === teacherId)
  if (waitlists.isPending) return null
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        {entry ? (
          <Text size="sm">
            <Trans>
              Czekasz na wolny termin u tego lektora ({waitlistSummary(i18n, entry)}). Powiadomimy Cię, gdy
              się zwolni.
            </Trans>
          </Text>
        ) : (
          <Text size="sm">
            <Trans>Żaden termin nie pasuje? Powiadomimy Cię, gdy u tego lektora zwolni się termin.</Trans>
          </Text>
        )}
        <Group gap="xs">
          <Button
            variant={entry ? 'light' : 'filled'}
            leftSection={<IconBell size={16} aria-hidden />}
            onClick={() => setOpen(true)}
          >
            {entry ? t`Zmień dni i godziny` : t`Powiadom mnie o wolnym terminie`}
          </Button>
          {entry && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconBellOff size={16} aria-hidden />}
              loading={leave.isPending}
              onClick={() =>
                leave.mutate(entry.id, {
                  onSuccess: () =>
                    showToast({ color: 'green', message: i18n._(leftText), autoClose: HELPER_TOAST_MS }),
                })
              }
            >
              <Trans>Nie czekaj już</Trans>
            </Button>
          )}
        </Group>
      </Stack>
      {open && (
        <Suspense fallback={null}>
          <WaitlistDialog
            opened={open}
            onClose={() => setOpen(false)}
            teacherId={teacherId}
            teacherName={teacherName}
            entry={entry}
            onSaved={() => {
              setOpen(false)
              showToast({ color: 'green', message: i18n._(joinedText), autoClose: HELPER_TOAST_MS })
            }}
          />
        </Suspense>
      )}
    </Paper>
  )
}
