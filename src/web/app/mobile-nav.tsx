import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Divider.css'
import '@mantine/core/styles/Drawer.css'
import '@mantine/core/styles/NavLink.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Button, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core'
import {
  IconCalendarEvent,
  IconCalendarPlus,
  IconCode,
  IconLogout,
  IconSparkles,
  IconUser,
} from '@tabler/icons-react'
import { Link, useLocation } from 'react-router-dom'
import type { Profile } from '../../domain/api/profile.ts'
import { paths } from '../config/paths.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { useLogoutWithWarning } from './logout-confirm.tsx'
import type { NavLinkItem } from './nav-links.ts'

const icons: Record<NavLinkItem['key'], typeof IconUser> = {
  'my-lessons': IconCalendarEvent,
  'set-lessons': IconCalendarPlus,
  'ai-lesson': IconSparkles,
  'it-teachers': IconCode,
}

type Props = { opened: boolean; onClose: () => void; links: NavLinkItem[]; profile: Profile; name: string }

/**
 * At 1100 px or less (product-rules.md "Constants and limits") the same links, profile and language
 * live in a drawer.
 */
export function MobileNav({ opened, onClose, links, profile, name }: Props) {
  const { t, i18n } = useLingui()
  const { pathname } = useLocation()
  const { requestLogout, dialog } = useLogoutWithWarning()

  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        position="right"
        size={320}
        title={t`Menu`}
        closeButtonProps={{ 'aria-label': t`Zamknij menu` }}
      >
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={profile.image_url} name={name} color="initials" alt={name} />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate="end">
                {name}
              </Text>
              <Text size="sm" c="dimmed" truncate="end" title={profile.email}>
                {profile.email}
              </Text>
            </div>
          </Group>
          <nav aria-label={t`Nawigacja główna`}>
            {links.map((link) => {
              const Icon = icons[link.key]
              return (
                <NavLink
                  key={link.key}
                  leftSection={<Icon size={18} aria-hidden />}
                  component={Link}
                  to={link.to}
                  label={i18n._(link.label)}
                  onClick={onClose}
                  active={pathname === link.to}
                  aria-current={pathname === link.to ? 'page' : undefined}
                />
              )
            })}
            <NavLink
              component={Link}
              to={paths.profile}
              label={t`Mój profil`}
              leftSection={<IconUser size={18} aria-hidden />}
              onClick={onClose}
              active={pathname === paths.profile}
              aria-current={pathname === paths.profile ? 'page' : undefined}
            />
          </nav>
          <Divider />
          <LanguageSwitcher size="sm" />
          <Button
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={() => void requestLogout()}
          >
            <Trans>Wyloguj się</Trans>
          </Button>
        </Stack>
      </Drawer>
      {dialog}
    </>
  )
}
