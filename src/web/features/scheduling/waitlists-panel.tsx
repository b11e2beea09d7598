import '@mantine/core/styles/Avatar.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { HELPER_TOAST_MS } from '../../../domain/constants.ts'
import { useLeaveWaitlist, useWaitlists } from '../../api/waitlist.ts'
import { showToast } from '../../ui/toast.ts'
import { leftText, waitlistSummary } from './waitlist-texts.ts'

/**
 * The teachers this student waits for, above the search; each opens the teacher's week or is left.
 * Nothing is shown while there are none.
 */
export function WaitlistsPanel({ onOpen }: { onOpen: (teacherId: string) => void }) {
  const { t, i18n } = useLingui()
  const waitlists = useWaitlists()
  const leave = useLeaveWaitlist()
  const entries = waitlists.data ?? []
  if (entries.length === 0) return null
  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-labelledby="waitlists-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="waitlists-title">
          <Trans>Czekasz na wolne terminy</Trans>
        </Title>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entries.map((entry) => {
            const name = [entry.teacher.first_name, entry.teacher.last_name].filter(Boolean).join(' ')
            return (
              <Group component="li" key={entry.id} justify="space-between" gap="sm" wrap="wrap">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar src={entry.teacher.image_url} name={name} color="initials" size={36} alt="" />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {waitlistSummary(i18n, entry)}
                    </Text>
                  </Stack>
                </Group>
                <Group gap={4}>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onOpen(entry.teacher.id)}
                    aria-label={t`Pokaż terminy: ${name}`}
                  >
                    <Trans>Pokaż terminy</Trans>
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={leave.isPending && leave.variables === entry.id}
                    aria-label={t`Nie czekaj już na: ${name}`}
                    onClick={() =>
                      leave.mutate(entry.id, {
                        onSuccess: () =>
                          showToast({
                            color: 'green',
                            message: i18n._(leftText),
                            autoClose: HELPER_TOAST_MS,
                          }),
                      })
                    }
                  >
                    <Trans>Nie czekaj już</Trans>
                  </Button>
                </Group>
              </Group>
            )
          })}
        </Stack>
      </Stack>
    </Paper>
  )
}
