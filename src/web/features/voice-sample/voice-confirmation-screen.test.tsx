// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../domain/api/profile.ts'
import { activateLocale } from '../../app/i18n.ts'
import { theme } from '../../app/theme.ts'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { preloadDialogModal } from '../../ui/app-dialog.tsx'
import { VoiceConfirmationScreen } from './voice-confirmation-screen.tsx'

// spec §2: voice-confirmation before a student's call; video-call-vonage keeps the query.

const QUERY = '?lesson_id=10000000-0000-4000-8000-000000000001'

function Where() {
  const { pathname, search } = useLocation()
  return <p data-testid="where">{`${pathname}${search}`}</p>
}

function open(profile: Profile) {
  signInAs(profile)
  routeFetch({ [`GET /api/v1/${profile.role}s/me`]: { status: 200, body: { data: profile } } })
  const router = createMemoryRouter(
    [
      { path: '/dashboard/voice-confirmation', element: <VoiceConfirmationScreen /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`/dashboard/voice-confirmation${QUERY}`] },
  )
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>,
  )
}

describe('voice-confirmation (spec §2)', () => {
  beforeEach(async () => {
    localStorage.clear()
    activateLocale('pl')
    await preloadDialogModal()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('asks a student without a voice sample for the check (VoiceRecognition), then shows the recorder', async () => {
    open(studentProfile({ voice_sample_url: null }))
    const dialog = await screen.findByRole('dialog', { name: 'Potwierdź swój głos' })
    expect(dialog.textContent).toContain('nagraj krótką próbkę głosu')
    fireEvent.click(screen.getByRole('button', { name: 'Nagraj próbkę' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'Nagraj 10 sekund' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Przejdź do lekcji' })).toBeNull()
  })

  it('sends a student who already has a sample straight on to the call, with the query', async () => {
    open(studentProfile({ voice_sample_url: '/api/v1/files/a.wav?expires=1&sig=x' }))
    expect((await screen.findByTestId('where')).textContent).toBe(`/dashboard/video-call-vonage${QUERY}`)
  })

  it('never shows it to a teacher', async () => {
    open(teacherProfile())
    expect((await screen.findByTestId('where')).textContent).toBe(`/dashboard/video-call-vonage${QUERY}`)
  })
})
