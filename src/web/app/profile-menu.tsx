import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Menu.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Menu } from '@mantine/core'
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { useLogoutWithWarning } from './logout-confirm.tsx'
import { paths } from './paths.ts'

/** spec §2: the profile menu with My profile and Log out. */
export function ProfileMenu() {
  const { t } = useLingui()
  const { requestLogout, dialog } = useLogoutWithWarning()
  return (
    <>
      <Menu position="bottom-end" width={200} shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Menu profilu`}>
            <IconChevronDown size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} aria-hidden />}>
            <Trans>Mój profil</Trans>
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void requestLogout()}>
            <Trans>Wyloguj się</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialog}
    </>
  )
}
