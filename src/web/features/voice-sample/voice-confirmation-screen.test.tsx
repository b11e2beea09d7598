// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../domain/api/profile.ts'
import { VOICE_SAMPLE } from '../../../domain/voice-sample.ts'
import { activateLocale } from '../../config/i18n.ts'
import { theme } from '../../config/theme.ts'
import { fakeMicrophone } from '../../test-support/fake-microphone.ts'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { stubUploads } from '../../test-support/test-xhr.ts'
import { preloadDialogModal } from '../../ui/app-dialog.tsx'
import type { RecordingDeps } from './record-voice-sample.ts'
import { VoiceConfirmationScreen } from './voice-confirmation-screen.tsx'

// voice-confirmation before a student's call; video-call-vonage keeps the query. The dialog's
// "Nagraj próbkę" starts the 10 s recording itself.

const QUERY = '?lesson_id=10000000-0000-4000-8000-000000000001'

function Where() {
  const { pathname, search } = useLocation()
  return <p data-testid="where">{`${pathname}${search}`}</p>
}

function open(profile: Profile, deps?: RecordingDeps) {
  signInAs(profile)
  routeFetch({ [`GET /api/v1/${profile.role}s/me`]: { status: 200, body: { data: profile } } })
  const router = createMemoryRouter(
    [
      { path: '/dashboard/voice-confirmation', element: <VoiceConfirmationScreen deps={deps} /> },
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

describe('voice-confirmation', () => {
  beforeEach(async () => {
    localStorage.clear()
    activateLocale('pl')
    await preloadDialogModal()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('asks a student without a voice sample for the check, and one click on "Nagraj próbkę" records', async () => {
    const uploads = stubUploads()
    const mic = fakeMicrophone()
    const student = studentProfile({ voice_sample_url: null })
    open(student, mic.deps)
    const dialog = await screen.findByRole('dialog', { name: 'Potwierdź swój głos' })
    expect(dialog.textContent).toContain('nagraj krótką próbkę głosu')
    expect(dialog.textContent).toContain('Nagrywanie zacznie się od razu')
    // The step is explained once: why in the dialog (not again on the page behind it), how beside
    // the sentence; the page's button has the dialog's button's name.
    expect(screen.getAllByText(/nagraj krótką próbkę głosu/)).toHaveLength(1)
    expect(screen.getAllByRole('button', { name: 'Nagraj próbkę' })).toHaveLength(2)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nagraj próbkę' }))
    // No second button: the countdown runs, with the sentence to read in sight.
    expect((await screen.findByRole('timer')).textContent).toBe('Zostało 10 s')
    expect(mic.opened).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.queryByRole('button', { name: 'Nagraj próbkę' })).toBeNull()
    expect(screen.queryByText(/nagraj krótką próbkę głosu/)).toBeNull()
    expect(screen.getByText(/Dzień dobry! Uczę się języków w Lektorium/)).toBeTruthy()
    expect(screen.getByText('Nagrywanie rozpoczęte. Przeczytaj zdanie na głos.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Próbka głosu' }))
    expect(screen.queryByRole('link', { name: 'Przejdź do lekcji' })).toBeNull()

    for (let second = 0; second < VOICE_SAMPLE.seconds; second++) {
      await waitFor(() => expect(screen.getByRole('timer').textContent).toBe(`Zostało ${10 - second} s`))
      mic.passSecond()
    }
    await waitFor(() => expect(uploads).toHaveLength(1))
    act(() => uploads[0]?.answer(200, { data: { ...student, voice_sample_url: '/api/v1/files/a.wav' } }))
    expect(await screen.findByText('Dziękujemy! Twoja próbka głosu została zapisana.')).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Przejdź do lekcji' }))
    expect((await screen.findByTestId('where')).textContent).toBe(`/dashboard/video-call-vonage${QUERY}`)
  })

  it('records nothing when the student closes the dialog or answers "Nie teraz"', async () => {
    const mic = fakeMicrophone()
    open(studentProfile({ voice_sample_url: null }), mic.deps)
    await screen.findByRole('dialog', { name: 'Potwierdź swój głos' })
    fireEvent.click(screen.getByRole('button', { name: 'Zamknij okno' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'Nagraj próbkę' })).toBeTruthy()
    // Closed, the dialog's reason is on the page instead: still said once.
    expect(screen.getAllByText(/nagraj krótką próbkę głosu/)).toHaveLength(1)
    expect(mic.opened).not.toHaveBeenCalled()
    cleanup()

    open(studentProfile({ voice_sample_url: null }), mic.deps)
    await screen.findByRole('dialog', { name: 'Potwierdź swój głos' })
    fireEvent.click(screen.getByRole('link', { name: 'Nie teraz' }))
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/my-lessons')
    expect(mic.opened).not.toHaveBeenCalled()
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
