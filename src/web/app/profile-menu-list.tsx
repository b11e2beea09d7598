import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Menu.css'
import { Trans } from '@lingui/react/macro'
import { Menu } from '@mantine/core'
import { IconLogout, IconUser } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { paths } from '../config/paths.ts'
import type { LoadedMenuProps } from '../ui/lazy-menu.tsx'

/** The profile menu with My profile and Log out (loaded when first opened). */
export function ProfileMenuList({
  target,
  opened,
  onChange,
  onLogout,
}: LoadedMenuProps & { onLogout: () => void }) {
  return (
    <Menu position="bottom-end" width={200} shadow="md" opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} aria-hidden />}>
          <Trans>Mój profil</Trans>
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          <Trans>Wyloguj się</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
