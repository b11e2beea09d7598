import { useLingui } from '@lingui/react/macro'
import { ActionIcon } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { lazyMenu } from '../ui/lazy-menu.tsx'
import { useLogoutWithWarning } from './logout-confirm.tsx'

const ProfileMenuList = lazyMenu(async () => (await import('./profile-menu-list.tsx')).ProfileMenuList)

/** spec §2: the profile menu with My profile and Log out. */
export function ProfileMenu() {
  const { t } = useLingui()
  const { requestLogout, dialog } = useLogoutWithWarning()
  return (
    <>
      <ProfileMenuList
        target={
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Menu profilu`}>
            <IconChevronDown size={18} aria-hidden />
          </ActionIcon>
        }
        onLogout={() => void requestLogout()}
      />
      {dialog}
    </>
  )
}
