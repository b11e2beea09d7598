import '@mantine/core/styles/ThemeIcon.css'
import { Trans } from '@lingui/react/macro'
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconChalkboardOff, IconVideo } from '@tabler/icons-react'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { ACCENT_COLOR } from '../../config/theme.ts'

/**
 * A cube lesson at a school without LearnCube's keys (the server answered another provider). It
 * says so, and Join still leads to the ordinary room.
 */
export function NotConfiguredNotice({ roomPath }: { roomPath: string }) {
  const titleId = useId()
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby={titleId}
      data-testid="learncube-not-configured"
    >
      <Stack align="center" gap="sm" py={{ base: 0, sm: 'md' }} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
          <IconChalkboardOff size={28} />
        </ThemeIcon>
        <Title order={2} fz="lg" id={titleId}>
          <Trans>Klasa LearnCube nie jest skonfigurowana</Trans>
        </Title>
        <Text c="dimmed" maw={520}>
          <Trans>
            Ta lekcja ma się odbyć w klasie LearnCube, ale szkoła nie ma jej skonfigurowanej. Możecie spotkać
            się w zwykłym pokoju lekcji Lektorium.
          </Trans>
        </Text>
        <Button
          mt="xs"
          size="md"
          color={ACCENT_COLOR}
          component={Link}
          to={roomPath}
          leftSection={<IconVideo size={18} aria-hidden />}
        >
          <Trans>Dołącz w pokoju lekcji</Trans>
        </Button>
      </Stack>
    </Paper>
  )
}
