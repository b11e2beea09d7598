// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../domain/api/profile.ts'
import { profileKeys } from '../../api/profile.ts'
import { activateLocale } from '../../config/i18n.ts'
import { theme } from '../../config/theme.ts'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { answerWith, signInAs } from '../../test-support/test-session.ts'
import { ProfileScreen } from './profile-screen.tsx'

function renderProfile(profile: Profile, search: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(profileKeys.me(profile.role, profile.id), profile)
  const router = createMemoryRouter(
    [
      { path: '/dashboard/profile', element: <ProfileScreen /> },
      { path: '/dashboard/set-lessons', element: <h1>Umów lekcję</h1> },
    ],
    { initialEntries: [`/dashboard/profile${search}`] },
  )
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>,
  )
  return { router, queryClient }
}

describe('the profile with ?redirect=', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    answerWith(200, { data: [] })
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('says why the user is here while the requirement is not met', async () => {
    const profile = studentProfile({ human_access: false })
    signInAs(profile)
    const { router } = renderProfile(profile, '?redirect=set-lessons')
    expect(await screen.findByText('Zanim umówisz lekcję')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/dashboard/profile')
  })

  it('returns the user to the screen once the refetched profile meets it', async () => {
    const profile = studentProfile({ human_access: false })
    signInAs(profile)
    const { router, queryClient } = renderProfile(profile, '?redirect=set-lessons')
    await screen.findByText('Zanim umówisz lekcję')
    queryClient.setQueryData(profileKeys.me(profile.role, profile.id), { ...profile, human_access: true })
    expect(await screen.findByRole('heading', { name: 'Umów lekcję' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/dashboard/set-lessons')
  })

  it('stays on the profile without a redirect parameter', async () => {
    const profile = studentProfile()
    signInAs(profile)
    const { router } = renderProfile(profile, '')
    expect(await screen.findByRole('heading', { name: 'Mój profil' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/dashboard/profile')
  })

  // The profile says the account has expired.
  it('tells a student whose active_until has passed that the account expired', async () => {
    const profile = studentProfile({ active_until: '2020-01-31' })
    signInAs(profile)
    renderProfile(profile, '')
    expect(await screen.findByText('Twoje konto wygasło 31.01.2020')).toBeTruthy()
  })
})
