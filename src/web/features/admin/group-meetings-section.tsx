import '@mantine/core/styles/Table.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import {
  type AdminGroupClassDetail,
  type AdminGroupMeeting,
  useCancelMeeting,
} from '../../api/admin-group-classes.ts'
import { lessonTimes } from './admin-format.ts'
import { MeetingStateBadge } from './group-class-state-badge.tsx'
import { GroupConfirmDialog } from './group-confirm-dialog.tsx'
import { GroupMeetingMoveDialog } from './group-meeting-move-dialog.tsx'
import { PlainList } from './plain-list.tsx'

// A class's meetings in time order, each with its state and who said they will not come; one still
// to come may be moved or cancelled (product-rules.md "Group classes").

export function GroupMeetingsSection({ group }: { group: AdminGroupClassDetail }) {
  const { t } = useLingui()
  const [moving, setMoving] = useState<AdminGroupMeeting | null>(null)
  const [cancelling, setCancelling] = useState<AdminGroupMeeting | null>(null)
  const cancel = useCancelMeeting()
  const cancelledWhen = cancelling ? lessonTimes(cancelling.starts_at, cancelling.ends_at) : ''
  const count = group.meetings_list.length

  return (
    <Stack gap="sm" component="section" aria-labelledby="group-meetings">
      <Title order={2} size="h4" id="group-meetings">
        <Trans>Spotkania ({count})</Trans>
      </Title>
      <PlainList ordered label={t`Spotkania`}>
        {group.meetings_list.map((meeting, index) => {
          const n = index + 1
          const when = lessonTimes(meeting.starts_at, meeting.ends_at)
          const notComing = meeting.not_coming.join(', ')
          return (
            <Paper key={meeting.id} component="li" withBorder radius="sm" px="sm" py={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" c="dimmed">
                    {n}.
                  </Text>
                  <Text size="sm" fw={600} td={meeting.state === 'cancelled' ? 'line-through' : undefined}>
                    {when}
                  </Text>
                  <MeetingStateBadge state={meeting.state} />
                  {meeting.not_coming.length > 0 && meeting.state !== 'cancelled' && (
                    <Text size="xs" c="dimmed">
                      <Trans>Zapowiedziana nieobecność: {notComing}</Trans>
                    </Text>
                  )}
                </Group>
                {meeting.state === 'upcoming' && group.state === 'active' && (
                  <Group gap="xs">
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setMoving(meeting)}
                      aria-label={t`Przenieś spotkanie ${when}`}
                    >
                      <Trans>Przenieś</Trans>
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => {
                        cancel.reset()
                        setCancelling(meeting)
                      }}
                      aria-label={t`Odwołaj spotkanie ${when}`}
                    >
                      <Trans>Odwołaj</Trans>
                    </Button>
                  </Group>
                )}
              </Group>
            </Paper>
          )
        })}
      </PlainList>
      {moving && <GroupMeetingMoveDialog meeting={moving} onClose={() => setMoving(null)} />}
      {cancelling && (
        <GroupConfirmDialog
          title={t`Odwołać spotkanie?`}
          confirm={<Trans>Odwołaj spotkanie</Trans>}
          pending={cancel.isPending}
          error={cancel.error}
          onConfirm={() => cancel.mutate(cancelling.id, { onSuccess: () => setCancelling(null) })}
          onClose={() => setCancelling(null)}
        >
          <Trans>
            Spotkanie {cancelledWhen} zostanie odwołane dla wszystkich zapisanych, bez kary dla kogokolwiek.
            Czas wraca do grafiku lektora.
          </Trans>
        </GroupConfirmDialog>
      )}
    </Stack>
  )
}
