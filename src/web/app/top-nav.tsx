import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Burger.css'
import '@mantine/core/styles/Container.css'
import { useLingui } from '@lingui/react/macro'
import { Anchor, Avatar, Burger, Container, Group } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Suspense } from 'react'
import { Link, NavLink } from 'react-router-dom'
import type { Profile } from '../../domain/api/profile.ts'
import { PARTNER_COMPANY_NAME } from '../config/partner.ts'
import { paths } from '../config/paths.ts'
import { lazyComponent, useEverOpened } from '../ui/lazy-component.tsx'
import { Logo } from '../ui/logo.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { navLinks } from './nav-links.ts'
import { ProfileMenu } from './profile-menu.tsx'
import classes from './top-nav.module.css'

// The drawer of the narrow screens (Mantine's Drawer) loads when the menu is first opened.
const MobileNav = lazyComponent(async () => (await import('./mobile-nav.tsx')).MobileNav)

export function displayName(profile: Profile): string {
  return [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.email
}

/**
 * The top navigation (product-rules.md "Screens and routes"): role-dependent links, language
 * switcher, profile picture and menu.
 */
export function TopNav({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui()
  const [drawerOpened, drawer] = useDisclosure(false)
  const drawerMounted = useEverOpened(drawerOpened)
  const links = navLinks(profile, PARTNER_COMPANY_NAME)
  const name = displayName(profile)

  return (
    <header className={classes.header}>
      <Container size="xl" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="xl" wrap="nowrap">
            <Anchor
              component={Link}
              to={paths.root}
              aria-label={t`Lektorium – strona główna`}
              underline="never"
            >
              <Logo size={32} />
            </Anchor>
            <nav aria-label={t`Nawigacja główna`} className={classes.desktopOnly}>
              <Group gap={4} wrap="nowrap">
                {links.map((link) => (
                  <NavLink key={link.key} to={link.to} className={classes.link}>
                    {i18n._(link.label)}
                  </NavLink>
                ))}
              </Group>
            </nav>
          </Group>
          <Group gap="sm" wrap="nowrap" className={classes.desktopOnly}>
            <LanguageSwitcher />
            <Anchor
              component={Link}
              to={paths.profile}
              aria-label={t`Mój profil`}
              className={classes.avatarLink}
            >
              {/* The picture, or a person's outline: initials would be visible text that is not the
                  link's name ("Mój profil"), in colours too pale to read. */}
              <Avatar src={profile.image_url} alt={name} />
            </Anchor>
            <ProfileMenu />
          </Group>
          <Burger
            className={classes.mobileOnly}
            opened={drawerOpened}
            onClick={drawer.toggle}
            aria-label={drawerOpened ? t`Zamknij menu` : t`Otwórz menu`}
            aria-expanded={drawerOpened}
          />
        </Group>
      </Container>
      {drawerMounted && (
        <Suspense fallback={null}>
          <MobileNav
            opened={drawerOpened}
            onClose={drawer.close}
            links={links}
            profile={profile}
            name={name}
          />
        </Suspense>
      )}
    </header>
  )
}
