import '@mantine/core/styles/AppShell.css'
import '@mantine/core/styles/Burger.css'
import '@mantine/core/styles/NavLink.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { AppShell, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import {
  IconAdjustments,
  IconCalendarEvent,
  IconChartBar,
  IconClockQuestion,
  IconListDetails,
  IconPresentation,
  IconSchool,
  IconUserExclamation,
  IconUsersGroup,
} from '@tabler/icons-react'
import type { CSSProperties, ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { useLogout } from '../../api/logout.ts'
import { Logo } from '../../ui/logo.tsx'
import { type AdminSectionKey, adminSections, sectionHref } from './admin-sections.ts'
import { ConsoleLanguageSwitcher } from './console-language-switcher.tsx'

const icons: Record<AdminSectionKey, typeof IconSchool> = {
  teachers: IconSchool,
  students: IconUsersGroup,
  lessons: IconCalendarEvent,
  'group-classes': IconPresentation,
  absence: IconUserExclamation,
  'lack-of-slots': IconClockQuestion,
  overview: IconChartBar,
  settings: IconAdjustments,
  audit: IconListDetails,
}

/**
 * The side navigation's white column with its border, painted on the shell itself from `lg` up
 * (Mantine's offset is 0 below it): the navbar is fixed at the window's height, so on a page longer
 * than the window (a full-page picture, a print) the column still runs the page's whole height.
 */
const NAVBAR_COLUMN = `linear-gradient(to right, var(--mantine-color-body) calc(var(--app-shell-navbar-offset, 0rem) - 1px), var(--app-shell-border-color) 0 var(--app-shell-navbar-offset, 0rem), transparent 0)`

/**
 * The console's status badges (light variant, 11 px bold) read at 4.5:1 or more on their tints
 * (WCAG 2.2 AA, design.md "Access"): Mantine's shade 9 text on shade 1 falls to 2.7–4 for these
 * colours.
 */
const BADGE_TEXT = {
  '--mantine-color-green-light-color': '#1e6b30',
  '--mantine-color-orange-light-color': '#a33a0b',
  '--mantine-color-yellow-light-color': '#7a4d00',
  '--mantine-color-red-light-color': '#a51d1d',
} as CSSProperties

/** Where the skip link and the screens' headings live. */
export const ADMIN_MAIN_ID = 'admin-main'

/**
 * The school's console (design.md "The school's console"): its own navigation at the side, folded
 * into a menu below Mantine's `lg` (as the app's top bar folds at 1100 px), the language switch and
 * logout always at hand.
 */
export function AdminLayout({ email, children }: { email: string; children: ReactNode }) {
  const { t, i18n } = useLingui()
  const [opened, menu] = useDisclosure(false)
  const { pathname } = useLocation()
  const logout = useLogout()

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'lg', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      style={{ ...BADGE_TEXT, background: `${NAVBAR_COLUMN}, var(--mantine-color-gray-0)` }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={menu.toggle}
              hiddenFrom="lg"
              aria-label={opened ? t`Zamknij menu` : t`Otwórz menu`}
              aria-expanded={opened}
              size="sm"
            />
            <Logo size={28} />
            <Text fw={600} visibleFrom="xs">
              <Trans>Konsola szkoły</Trans>
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="md" truncate="end" maw={260} title={email}>
              {email}
            </Text>
            <ConsoleLanguageSwitcher />
            <Button variant="default" size="xs" onClick={() => void logout()} visibleFrom="sm">
              <Trans>Wyloguj się</Trans>
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <Stack justify="space-between" h="100%">
          <nav aria-label={t`Nawigacja konsoli`}>
            {adminSections.map((section) => {
              const Icon = icons[section.key]
              const href = sectionHref(section)
              const active = pathname === href || pathname.startsWith(`${href}/`)
              return (
                <NavLink
                  key={section.key}
                  component={Link}
                  to={href}
                  label={i18n._(section.label)}
                  leftSection={<Icon size={18} aria-hidden />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={menu.close}
                />
              )
            })}
          </nav>
          <Stack gap="xs" hiddenFrom="sm">
            <Text size="xs" c="dimmed" truncate="end" title={email}>
              {email}
            </Text>
            <Button variant="default" onClick={() => void logout()}>
              <Trans>Wyloguj się</Trans>
            </Button>
          </Stack>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id={ADMIN_MAIN_ID}>{children}</AppShell.Main>
    </AppShell>
  )
}
