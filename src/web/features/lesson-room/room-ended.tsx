import '@mantine/core/styles/ThemeIcon.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCalendarX, IconDoorExit, IconStar } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import type { Role } from '../../../domain/api/common.ts'
import { paths } from '../../config/paths.ts'
import type { CallEnd, Cancellation } from './call/call-session.ts'

const endTexts: Record<CallEnd, { title: MessageDescriptor; body: MessageDescriptor }> = {
  left: { title: msg`Opuszczono lekcję`, body: msg`Możesz wrócić do rozmowy, dopóki trwa lekcja.` },
  window_ended: {
    title: msg`Czas lekcji minął`,
    body: msg`Pokój lekcji został zamknięty 15 minut po jej zakończeniu. Dziękujemy!`,
  },
  replaced: {
    title: msg`Lekcja otwarta w innym miejscu`,
    body: msg`Dołączono do tej lekcji w innej karcie lub na innym urządzeniu, więc tutaj rozmowę zakończyliśmy.`,
  },
  refused: {
    title: msg`Nie udało się wejść do pokoju lekcji`,
    body: msg`Nie udało się pobrać tokenu lekcji.`,
  },
  cancelled: { title: msg`Lekcja została odwołana`, body: msg`Lekcja została odwołana.` },
}

/** Who cancelled, from this side's point of view. */
function cancelledBy(cancellation: Cancellation, role: Role, otherName: string): MessageDescriptor {
  if (cancellation.by === 'school') return msg`Lekcja została odwołana przez szkołę.`
  if (cancellation.by === role) return msg`Lekcja została odwołana przez Ciebie.`
  return msg`Lekcja została odwołana przez: ${otherName}.`
}

type Props = {
  end: CallEnd
  detail: MessageDescriptor | null
  onRejoin: (() => void) | null
  cancellation?: Cancellation | null
  role: Role
  otherName: string
  /** Offered after the lesson's time (the student's "Rate the lesson"). */
  onRate?: (() => void) | null
}

/** What the room says once the call is over, and where to go next. */
export function RoomEnded({ end, detail, onRejoin, cancellation, role, otherName, onRate }: Props) {
  const { i18n } = useLingui()
  const text = endTexts[end]
  const reason = end === 'cancelled' ? cancellation?.reason : null
  const body =
    end === 'cancelled' && cancellation ? cancelledBy(cancellation, role, otherName) : (detail ?? text.body)
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      role="status"
      aria-live="polite"
      data-testid="room-ended"
      data-end={end}
    >
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon
          size={56}
          radius="xl"
          variant="light"
          color={end === 'cancelled' ? 'orange' : undefined}
          aria-hidden
        >
          {end === 'cancelled' ? <IconCalendarX size={28} /> : <IconDoorExit size={28} />}
        </ThemeIcon>
        <Title order={1} fz="xl">
          {i18n._(text.title)}
        </Title>
        <Text c="dimmed" maw={480}>
          {i18n._(body)}
        </Text>
        {reason && (
          <Text maw={480} style={{ overflowWrap: 'anywhere' }} data-testid="cancellation-reason">
            <Trans>Powód: {reason}</Trans>
          </Text>
        )}
        <Group gap="sm" justify="center">
          {onRate && (
            <Button leftSection={<IconStar size={16} aria-hidden />} onClick={onRate}>
              <Trans>Oceń lekcję</Trans>
            </Button>
          )}
          {onRejoin && (
            <Button onClick={onRejoin}>
              <Trans>Wróć do lekcji</Trans>
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
