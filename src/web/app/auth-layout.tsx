import { Box, Center, Group } from '@mantine/core'
import { Outlet } from 'react-router-dom'
import { LanguageSwitcher } from './language-switcher.tsx'

/**
 * The page around the auth card: a calm background and the language switcher, in a banner landmark
 * (the card is the main one), so nothing on the page stands outside a landmark.
 */
export function AuthLayout() {
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group component="header" justify="flex-end" p="md">
        <LanguageSwitcher />
      </Group>
      <Center px="md" pb="xl" style={{ flex: 1 }}>
        <Outlet />
      </Center>
    </Box>
  )
}
