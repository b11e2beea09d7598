import { useCallback, useEffect, useRef, useState } from 'react'
import type { Profile } from '../../../domain/api/profile.ts'
import { useUploadVoiceSample } from '../../api/voice-sample.ts'
import { type RecordingDeps, recordVoiceSample, UserPermissionDeniedError } from './record-voice-sample.ts'

// The voice recording (product-rules.md "Voice sample"): idle → recording (10 s countdown) →
// automatic stop → upload → the profile refetched → thanks. A failed upload saves nothing (the
// server stores all or nothing) and the same recording can be sent again; a denied microphone has
// its own state.

export type RecorderState =
  | { step: 'idle' }
  | { step: 'starting' }
  | { step: 'recording'; secondsLeft: number }
  | { step: 'uploading'; file: File }
  | { step: 'uploaded'; file: File }
  | { step: 'upload-failed'; file: File }
  | { step: 'denied' }
  | { step: 'capture-failed' }

export type RecorderCallbacks = {
  /** The WAV, as soon as the recording stopped (before the upload). */
  onRecorded?: ((file: File) => void) | undefined
  /** The updated profile, once the server stored the sample. */
  onUploaded?: ((profile: Profile) => void) | undefined
  /** The rejection with the code UserPermissionDenied. */
  onPermissionDenied?: ((error: UserPermissionDeniedError) => void) | undefined
  /** The failed upload (the caller shows the update-data error). */
  onUploadFailed?: ((error: unknown) => void) | undefined
}

export function useVoiceSampleRecorder(callbacks: RecorderCallbacks, deps?: RecordingDeps) {
  const [state, setState] = useState<RecorderState>({ step: 'idle' })
  const upload = useUploadVoiceSample()
  const latest = useRef(callbacks)
  latest.current = callbacks
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const set = useCallback((next: RecorderState) => {
    if (mounted.current) setState(next)
  }, [])

  const send = useCallback(
    async (file: File) => {
      set({ step: 'uploading', file })
      try {
        const profile = await upload.mutateAsync(file)
        set({ step: 'uploaded', file })
        latest.current.onUploaded?.(profile)
      } catch (error) {
        set({ step: 'upload-failed', file })
        latest.current.onUploadFailed?.(error)
      }
    },
    [upload.mutateAsync, set],
  )

  const record = useCallback(async () => {
    set({ step: 'starting' })
    let file: File
    try {
      file = await recordVoiceSample((secondsLeft) => set({ step: 'recording', secondsLeft }), deps)
    } catch (error) {
      if (error instanceof UserPermissionDeniedError) {
        set({ step: 'denied' })
        latest.current.onPermissionDenied?.(error)
      } else {
        set({ step: 'capture-failed' })
      }
      return
    }
    latest.current.onRecorded?.(file)
    await send(file)
  }, [deps, send, set])

  return { state, record, retryUpload: send }
}
