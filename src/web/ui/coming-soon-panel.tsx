import '@mantine/core/styles/ThemeIcon.css'
import { Trans } from '@lingui/react/macro'
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconTools } from '@tabler/icons-react'
import { usePageTitle } from './use-page-title.ts'

/**
 * An honest placeholder for a screen that a later version brings. It says so plainly and does
 * not pretend to be the screen.
 */
export function ComingSoonPanel({ title }: { title: string }) {
  usePageTitle(title)
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {title}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" gap="sm" py="lg" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconTools size={28} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            <Trans>W przygotowaniu</Trans>
          </Title>
          <Text c="dimmed" maw={460}>
            <Trans>Pracujemy nad tym ekranem. Udostępnimy go w jednej z kolejnych wersji Lektorium.</Trans>
          </Text>
        </Stack>
      </Paper>
    </Stack>
  )
}
