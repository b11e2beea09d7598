import { Trans } from '@lingui/react/macro'
import { Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useLogout } from '../../api/logout.ts'
import { Logo } from '../../ui/logo.tsx'
import { ConsoleLanguageSwitcher } from './console-language-switcher.tsx'

type Props = { title: ReactNode; email: string; children: ReactNode }

/** The second factor's screens: a card with who is signing in, the language and logout. */
export function SecondFactorFrame({ title, email, children }: Props) {
  const logout = useLogout()
  return (
    <Box mih="100dvh" bg="gray.0" py={{ base: 'md', sm: 'xl' }} px="sm">
      <Center>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={520} component="main">
          <Stack gap="lg">
            <Group justify="space-between" wrap="nowrap">
              <Logo size={32} />
              <ConsoleLanguageSwitcher />
            </Group>
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                <Trans>Konsola szkoły · {email}</Trans>
              </Text>
            </div>
            {children}
            <Group justify="flex-end">
              <Button variant="subtle" color="gray" size="xs" onClick={() => void logout()}>
                <Trans>Wyloguj się</Trans>
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Center>
    </Box>
  )
}
