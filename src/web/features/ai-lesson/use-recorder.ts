import { useCallback, useEffect, useRef, useState } from 'react'

// The pronunciation tab's microphone: a short recording kept on the device (a Blob and its object
// URL for playback). The browser's MediaRecorder picks the format (webm/opus in Chromium).

export const RECORDING_MAX_MS = 15_000

export type RecorderState = 'idle' | 'recording' | 'recorded' | 'denied'

export function useRecorder() {
  const [state, setState] = useState<RecorderState>('idle')
  const [audio, setAudio] = useState<{ blob: Blob; url: string } | null>(null)
  const recorder = useRef<MediaRecorder | null>(null)
  const timer = useRef<number | undefined>(undefined)

  useEffect(
    () => () => {
      window.clearTimeout(timer.current)
      for (const track of recorder.current?.stream.getTracks() ?? []) track.stop()
    },
    [],
  )
  useEffect(
    () => () => {
      if (audio) URL.revokeObjectURL(audio.url)
    },
    [audio],
  )

  const stop = useCallback(() => {
    window.clearTimeout(timer.current)
    if (recorder.current?.state === 'recording') recorder.current.stop()
  }, [])

  const start = useCallback(async () => {
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch {
      setState('denied')
      return
    }
    const chunks: Blob[] = []
    const media = new MediaRecorder(stream)
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    media.onstop = () => {
      for (const track of stream.getTracks()) track.stop()
      const blob = new Blob(chunks, { type: media.mimeType || 'audio/webm' })
      setAudio({ blob, url: URL.createObjectURL(blob) })
      setState('recorded')
    }
    recorder.current = media
    media.start()
    setState('recording')
    timer.current = window.setTimeout(stop, RECORDING_MAX_MS)
  }, [stop])

  return { state, audio, start, stop }
}
