import '@mantine/core/styles/ThemeIcon.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconDoorExit } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { paths } from '../../app/paths.ts'
import type { CallEnd } from './call/call-session.ts'

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
}

type Props = { end: CallEnd; detail: MessageDescriptor | null; onRejoin: (() => void) | null }

/** What the room says once the call is over, and where to go next. */
export function RoomEnded({ end, detail, onRejoin }: Props) {
  const { i18n } = useLingui()
  const text = endTexts[end]
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
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconDoorExit size={28} />
        </ThemeIcon>
        <Title order={1} fz="xl">
          {i18n._(text.title)}
        </Title>
        <Text c="dimmed" maw={480}>
          {i18n._(detail ?? text.body)}
        </Text>
        <Group gap="sm" justify="center">
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
