import '@mantine/core/styles/CloseButton.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core'
import { IconHandStop, IconMicrophone, IconMicrophoneOff, IconPlugConnected } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { MESH_MAX_STUDENTS } from '../../../../domain/api/group-room.ts'
import { AppDialog } from '../../../ui/app-dialog.tsx'
import type { GroupMember } from './group-room-model.ts'
import classes from './group-stage.module.css'

/** The hands in the order they went up: a hand raised earlier keeps its place. */
export function handQueue(previous: string[], members: GroupMember[]): string[] {
  const raised = new Set(members.filter((member) => member.hand_raised).map((member) => member.user_id))
  const kept = previous.filter((id) => raised.has(id))
  const fresh = [...raised].filter((id) => !kept.includes(id))
  return [...kept, ...fresh]
}

/** The raised hands, first raised first (the order is this page's: it saw them go up). */
export function useRaisedHands(members: GroupMember[]): GroupMember[] {
  const order = useRef<string[]>([])
  order.current = handQueue(order.current, members)
  const byId = new Map(members.map((member) => [member.user_id, member]))
  return order.current.flatMap((id) => byId.get(id) ?? [])
}

/** The teacher's list of raised hands, with "lower them all". */
export function RaisedHands({ hands, onLowerAll }: { hands: GroupMember[]; onLowerAll: () => void }) {
  if (hands.length === 0) return null
  return (
    <Paper bg="dark.6" radius="md" px="md" py="xs" data-testid="raised-hands">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap" align="center" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap={8} wrap="nowrap" align="center">
            <Box c="yellow.4" display="flex" aria-hidden>
              <IconHandStop size={20} />
            </Box>
            <Text size="sm" fw={600} id="raised-hands-title">
              <Trans>Podniesione ręce</Trans>
            </Text>
          </Group>
          <Box
            component="ol"
            aria-labelledby="raised-hands-title"
            m={0}
            p={0}
            style={{ display: 'flex', flexWrap: 'wrap', gap: '2px 14px', listStyle: 'none' }}
          >
            {hands.map((member, index) => (
              <Text component="li" size="sm" key={member.user_id} c="gray.2" style={{ whiteSpace: 'nowrap' }}>
                <Text span c="gray.5" size="sm" aria-hidden>
                  {index + 1}.{' '}
                </Text>
                {member.name}
              </Text>
            ))}
          </Box>
        </Group>
        <Button size="xs" variant="white" color="dark" className={classes.barButton} onClick={onLowerAll}>
          <Trans>Opuść wszystkie ręce</Trans>
        </Button>
      </Group>
    </Paper>
  )
}

/** A student whose microphone the teacher turned off: why it is off, and how to turn it on. */
export function MutedNotice({ onUnmute }: { onUnmute: () => void }) {
  return (
    <Paper bg="dark.6" radius="md" px="md" py="xs" data-testid="muted-notice">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          <Box c="red.4" display="flex" aria-hidden>
            <IconMicrophoneOff size={20} />
          </Box>
          <Text size="sm">
            <Trans>Osoba prowadząca wyciszyła Twój mikrofon. Włącz go, gdy zechcesz coś powiedzieć.</Trans>
          </Text>
        </Group>
        <Button
          size="xs"
          variant="white"
          color="dark"
          className={classes.barButton}
          leftSection={<IconMicrophone size={14} aria-hidden />}
          onClick={onUnmute}
        >
          <Trans>Włącz mikrofon</Trans>
        </Button>
      </Group>
    </Paper>
  )
}

/** The teacher's word on the mesh: what it is and what it cannot carry. */
export function MeshNotice() {
  const { t } = useLingui()
  const [open, setOpen] = useState(true)
  if (!open) return null
  return (
    <Paper bg="dark.6" radius="md" px="md" py="xs" data-testid="mesh-notice">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box c="blue.3" display="flex" mt={2} aria-hidden>
          <IconPlugConnected size={20} />
        </Box>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            <Trans>Połączenie bezpośrednie, bez serwera zajęć grupowych</Trans>
          </Text>
          <Text size="sm" c="gray.3">
            <Trans>
              Szkoła nie ma jeszcze serwera zajęć grupowych, więc obraz i dźwięk płyną bezpośrednio między
              wszystkimi osobami na zajęciach. Tak można prowadzić zajęcia z najwyżej {MESH_MAX_STUDENTS}{' '}
              osobami uczącymi się; przy słabszym internecie obraz może być gorszej jakości.
            </Trans>
          </Text>
        </Stack>
        <CloseButton
          variant="transparent"
          c="gray.4"
          aria-label={t`Zamknij informację`}
          onClick={() => setOpen(false)}
        />
      </Group>
    </Paper>
  )
}

type RemoveProps = { member: GroupMember; onConfirm: () => void; onClose: () => void }

/** The teacher's removal, asked once more: it cannot be undone for this meeting. */
export function RemoveDialog({ member, onConfirm, onClose }: RemoveProps) {
  const { t } = useLingui()
  const name = member.name
  return (
    <AppDialog opened onClose={onClose} title={t`Usunąć z zajęć: ${name}?`}>
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            Ta osoba od razu opuści pokój i nie będzie mogła ponownie dołączyć do tego spotkania. Kolejne
            spotkania grupy się nie zmieniają.
          </Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            <Trans>Anuluj</Trans>
          </Button>
          <Button color="red" onClick={onConfirm}>
            <Trans>Usuń z zajęć</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
