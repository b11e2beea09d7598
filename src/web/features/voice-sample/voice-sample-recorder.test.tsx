// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { Notifications, notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkVoiceSample, VOICE_SAMPLE } from '../../../domain/voice-sample.ts'
import { activateLocale } from '../../config/i18n.ts'
import { theme } from '../../config/theme.ts'
import { fakeMicrophone } from '../../test-support/fake-microphone.ts'
import { STUDENT_ID, studentProfile } from '../../test-support/profile-fixture.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { type FakeUpload, stubUploads } from '../../test-support/test-xhr.ts'
import {
  VoiceSampleRecorder,
  type VoiceSampleRecorderHandle,
  type VoiceSampleRecorderProps,
} from './voice-sample-recorder.tsx'

// The voice recording's states, with the microphone and the seconds under the test's control
// (test-support/fake-microphone.ts).

const stored = studentProfile({ voice_sample_url: `/api/v1/files/a.wav?expires=1&sig=x` })

function renderRecorder(props: VoiceSampleRecorderProps) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <Notifications />
          <VoiceSampleRecorder {...props} />
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>,
  )
  return queryClient
}

async function recordTenSeconds(passSecond: () => void) {
  fireEvent.click(await screen.findByRole('button', { name: 'Nagraj próbkę' }))
  expect((await screen.findByRole('timer')).textContent).toContain('Zostało 10 s')
  for (let second = 0; second < VOICE_SAMPLE.seconds; second++) {
    await waitFor(() => expect(screen.getByRole('timer').textContent).toContain(`Zostało ${10 - second} s`))
    passSecond()
  }
}

const sentFile = (upload: FakeUpload | undefined) => {
  const file = upload?.body?.get('voice_sample')
  if (!(file instanceof File)) throw new Error('no voice_sample part')
  return file
}

describe('VoiceSampleRecorder', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAs(studentProfile())
  })
  afterEach(() => {
    cleanup()
    act(() => notifications.clean())
    vi.unstubAllGlobals()
  })

  it('counts down 10 s, stops by itself, uploads voice-confirmation.wav, refetches and thanks', async () => {
    const uploads = stubUploads()
    const mic = fakeMicrophone()
    const onRecorded = vi.fn()
    const onUploaded = vi.fn()
    const queryClient = renderRecorder({ deps: mic.deps, onRecorded, onUploaded })
    const refetch = vi.spyOn(queryClient, 'invalidateQueries')
    await recordTenSeconds(mic.passSecond)
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(mic.stopped).toHaveBeenCalled()
    const file = sentFile(uploads[0])
    expect(uploads[0]?.url).toBe('/api/v1/students/update')
    expect(file.name).toBe('voice-confirmation.wav')
    expect(checkVoiceSample(new Uint8Array(await file.arrayBuffer()))).toEqual({ ok: true, seconds: 10 })
    expect(onRecorded).toHaveBeenCalledWith(file)
    expect(screen.getByRole('status').textContent).toContain('Zapisujemy nagranie…')
    act(() => uploads[0]?.answer(200, { data: stored }))
    expect(await screen.findByText('Dziękujemy! Twoja próbka głosu została zapisana.')).toBeTruthy()
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ id: STUDENT_ID }))
    expect(refetch).toHaveBeenCalledWith({ queryKey: ['profile'] })
    expect(screen.getByLabelText('Odsłuchaj nagranie')).toBeTruthy()
  })

  it('on a failed upload saves nothing, shows the update-data error and sends the same file again', async () => {
    const uploads = stubUploads()
    const mic = fakeMicrophone()
    const onUploaded = vi.fn()
    renderRecorder({ deps: mic.deps, onUploaded })
    await recordTenSeconds(mic.passSecond)
    await waitFor(() => expect(uploads).toHaveLength(1))
    act(() => uploads[0]?.answer(422, { error: 'Invalid input', code: 'validation_failed' }))
    expect(await screen.findByText('Błąd podczas aktualizacji danych')).toBeTruthy()
    expect(screen.getByText('Nie zapisaliśmy nagrania')).toBeTruthy()
    expect(onUploaded).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Wyślij ponownie' }))
    await waitFor(() => expect(uploads).toHaveLength(2))
    expect(sentFile(uploads[1])).toBe(sentFile(uploads[0]))
    act(() => uploads[1]?.answer(200, { data: stored }))
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1))
  })

  it('keeps the sentence in sight while recording, keeps the focus in the recorder and announces the start', async () => {
    stubUploads()
    const mic = fakeMicrophone()
    renderRecorder({ deps: mic.deps })
    fireEvent.click(await screen.findByRole('button', { name: 'Nagraj próbkę' }))
    expect((await screen.findByRole('timer')).textContent).toBe('Zostało 10 s')
    expect(screen.getByText(/Dzień dobry! Uczę się języków w Lektorium/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Nagraj próbkę' })).toBeNull()
    // The button that started it is gone: the focus is not lost to the page.
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Próbka głosu' }))
    expect(screen.getByText('Nagrywanie rozpoczęte. Przeczytaj zdanie na głos.')).toBeTruthy()
  })

  it('starts from the screen through its ref, in that click, and takes the focus', async () => {
    stubUploads()
    const mic = fakeMicrophone()
    const recorder = createRef<VoiceSampleRecorderHandle>()
    renderRecorder({ deps: mic.deps, ref: recorder })
    await screen.findByRole('button', { name: 'Nagraj próbkę' })
    act(() => recorder.current?.record())
    // The click is the gesture the microphone's permission prompt needs.
    expect(mic.opened).toHaveBeenCalledTimes(1)
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Próbka głosu' }))
    expect((await screen.findByRole('timer')).textContent).toBe('Zostało 10 s')
  })

  it('rejects a denied microphone with UserPermissionDenied and says how to allow it', async () => {
    const uploads = stubUploads()
    const mic = fakeMicrophone(true)
    const onPermissionDenied = vi.fn()
    renderRecorder({ deps: mic.deps, onPermissionDenied })
    fireEvent.click(await screen.findByRole('button', { name: 'Nagraj próbkę' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      'Kamera lub mikrofon nie są podłączone albo nie udzielono do nich uprawnień',
    )
    expect(alert.textContent).toContain('zezwól tej stronie na używanie mikrofonu')
    expect(onPermissionDenied).toHaveBeenCalledWith(expect.objectContaining({ code: 'UserPermissionDenied' }))
    expect(uploads).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy()
  })

  it('speaks English in the English interface', async () => {
    activateLocale('en')
    stubUploads()
    renderRecorder({ deps: fakeMicrophone(true).deps })
    fireEvent.click(await screen.findByRole('button', { name: 'Record a sample' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Camera or microphone not connected or permission not granted',
    )
  })
})
