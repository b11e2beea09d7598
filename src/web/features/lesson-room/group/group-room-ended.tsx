import '@mantine/core/styles/ThemeIcon.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCalendarX, IconDoorExit, IconUserMinus } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import type { Role } from '../../../../domain/api/common.ts'
import { paths } from '../../../config/paths.ts'
import type { GroupRoomEnd } from './group-room-model.ts'

const titles: Record<GroupRoomEnd['reason'], MessageDescriptor> = {
  left: msg`Opuszczono zajęcia`,
  window_ended: msg`Czas zajęć minął`,
  removed: msg`Usunięto Cię z zajęć`,
  cancelled: msg`Zajęcia zostały odwołane`,
}

function bodyOf(end: GroupRoomEnd, role: Role): MessageDescriptor {
  switch (end.reason) {
    case 'left':
      return msg`Możesz wrócić, dopóki pokój zajęć jest otwarty.`
    case 'window_ended':
      return msg`Pokój zajęć został zamknięty. Dziękujemy za udział!`
    case 'removed':
      return msg`Osoba prowadząca usunęła Cię z tego spotkania, więc nie możesz do niego ponownie dołączyć. Jeśli to pomyłka, napisz do osoby prowadzącej lub do szkoły.`
    case 'cancelled':
      if (end.by === 'school') return msg`Zajęcia zostały odwołane przez szkołę.`
      return role === 'teacher'
        ? msg`Zajęcia zostały odwołane przez Ciebie.`
        : msg`Zajęcia zostały odwołane przez osobę prowadzącą.`
  }
}

type Props = { end: GroupRoomEnd; role: Role; onRejoin?: (() => void) | null }

/** What the group room says once this page is out of it, and where to go next. */
export function GroupRoomEnded({ end, role, onRejoin }: Props) {
  const { i18n } = useLingui()
  const reason = end.reason === 'cancelled' ? end.message : null
  const Icon =
    end.reason === 'cancelled' ? IconCalendarX : end.reason === 'removed' ? IconUserMinus : IconDoorExit
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      role="status"
      aria-live="polite"
      data-testid="room-ended"
      data-end={end.reason}
    >
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon
          size={56}
          radius="xl"
          variant="light"
          color={end.reason === 'cancelled' || end.reason === 'removed' ? 'orange' : undefined}
          aria-hidden
        >
          <Icon size={28} />
        </ThemeIcon>
        <Title order={1} fz="xl">
          {i18n._(titles[end.reason])}
        </Title>
        <Text c="dimmed" maw={480}>
          {i18n._(bodyOf(end, role))}
        </Text>
        {reason && (
          <Text maw={480} style={{ overflowWrap: 'anywhere' }} data-testid="cancellation-reason">
            <Trans>Powód: {reason}</Trans>
          </Text>
        )}
        <Group gap="sm" justify="center">
          {end.reason === 'left' && onRejoin && (
            <Button onClick={onRejoin}>
              <Trans>Wróć do zajęć</Trans>
            </Button>
          )}
          <Button variant="default" component={Link} to={paths.myLessons}>
            <Trans>Moje lekcje</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
