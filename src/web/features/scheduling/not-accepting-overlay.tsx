import '@mantine/core/styles/ThemeIcon.css'
import { Trans } from '@lingui/react/macro'
import { Box, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconUserOff } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/**
 * product-rules.md "Allowed students": a teacher with not_accepting_new_students shows an overlay
 * over the schedule saying new students are not accepted. The schedule under it is inert (no
 * pointer, no keyboard focus).
 */
export function NotAcceptingOverlay({ active, children }: { active: boolean; children: ReactNode }) {
  if (!active) return <>{children}</>
  return (
    <Box pos="relative">
      <div inert style={{ filter: 'blur(2px)', opacity: 0.5 }}>
        {children}
      </div>
      <Box pos="absolute" inset={0} style={{ display: 'grid', placeItems: 'center', padding: 16 }}>
        <Paper withBorder shadow="md" radius="lg" p="lg" maw={420} role="status">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
              <IconUserOff size={24} />
            </ThemeIcon>
            <Text fw={650}>
              <Trans>Lektor obecnie nie przyjmuje nowych kursantów</Trans>
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>
                Lekcje mogą tu umawiać tylko kursanci dodani przez lektora. Uczysz się już u tego lektora?
                Poproś o dodanie Twojego adresu e-mail. Możesz też wybrać innego lektora z listy.
              </Trans>
            </Text>
          </Stack>
        </Paper>
      </Box>
    </Box>
  )
}
