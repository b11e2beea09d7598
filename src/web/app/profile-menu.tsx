import { useLingui } from '@lingui/react/macro'
import { ActionIcon } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { lazyComponent } from '../ui/lazy-component.tsx'
import { LazyMenu } from '../ui/lazy-menu.tsx'
import { useLogoutWithWarning } from './logout-confirm.tsx'

const ProfileMenuList = lazyComponent(async () => (await import('./profile-menu-list.tsx')).ProfileMenuList)

/** The profile menu with My profile and Log out. */
export function ProfileMenu() {
  const { t } = useLingui()
  const { requestLogout, dialog } = useLogoutWithWarning()
  return (
    <>
      <LazyMenu
        preload={ProfileMenuList.preload}
        target={
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Menu profilu`}>
            <IconChevronDown size={18} aria-hidden />
          </ActionIcon>
        }
      >
        {(menu) => <ProfileMenuList {...menu} onLogout={() => void requestLogout()} />}
      </LazyMenu>
      {dialog}
    </>
  )
}
