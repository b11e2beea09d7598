import { useCallback, useEffect, useRef, useState } from 'react'
import type { MediaKind } from './call/peer-link.ts'
import { type MediaProblem, mediaProblem } from './media-access.ts'

// The lobby's own media: the chosen camera and microphone, opened for the preview and the level
// meter, then handed to the call as they are (no second permission prompt, no gap).

export type DeviceChoice = { cameraId: string | null; microphoneId: string | null; audioOnly: boolean }
export type DeviceLists = { cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] }

export type LocalPreview = {
  stream: MediaStream | null
  /** Why nothing (or only the microphone) could be opened; null when all is well. */
  problem: MediaProblem | null
  /** The camera failed but the microphone works: one can still join with audio. */
  cameraProblem: MediaProblem | null
  opening: boolean
  devices: DeviceLists
  choice: DeviceChoice
  choose: (change: Partial<DeviceChoice>) => void
  retry: () => void
  /** Hands the tracks to the call: the preview no longer stops them. */
  take: () => Partial<Record<MediaKind, MediaStreamTrack | null>>
  /** The call did not start: the preview owns its tracks again. */
  giveBack: () => void
}

const exact = (id: string | null): MediaTrackConstraints | boolean =>
  id ? { deviceId: { exact: id } } : true

async function open(
  choice: DeviceChoice,
): Promise<{ stream: MediaStream; cameraProblem: MediaProblem | null }> {
  const audio = exact(choice.microphoneId)
  if (choice.audioOnly)
    return { stream: await navigator.mediaDevices.getUserMedia({ audio }), cameraProblem: null }
  try {
    return {
      stream: await navigator.mediaDevices.getUserMedia({ audio, video: exact(choice.cameraId) }),
      cameraProblem: null,
    }
  } catch (both) {
    // A missing or busy camera should not keep someone out of a lesson they can hear and speak in.
    const stream = await navigator.mediaDevices.getUserMedia({ audio }).catch(() => {
      throw both
    })
    return { stream, cameraProblem: mediaProblem(both) }
  }
}

/** The cameras and microphones the browser offers (with names once permission is given). */
export async function listDevices(): Promise<DeviceLists> {
  const all = await navigator.mediaDevices.enumerateDevices()
  return {
    cameras: all.filter((device) => device.kind === 'videoinput' && device.deviceId !== ''),
    microphones: all.filter((device) => device.kind === 'audioinput' && device.deviceId !== ''),
  }
}

export function useLocalPreview(): LocalPreview {
  const [choice, setChoice] = useState<DeviceChoice>({ cameraId: null, microphoneId: null, audioOnly: false })
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [problem, setProblem] = useState<MediaProblem | null>(null)
  const [cameraProblem, setCameraProblem] = useState<MediaProblem | null>(null)
  const [opening, setOpening] = useState(true)
  const [devices, setDevices] = useState<DeviceLists>({ cameras: [], microphones: [] })
  const taken = useRef(false)

  useEffect(() => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unsupported')
      setOpening(false)
      return
    }
    let current: MediaStream | null = null
    let cancelled = false
    taken.current = false
    setOpening(true)
    open(choice)
      .then(async (opened) => {
        if (cancelled) {
          for (const track of opened.stream.getTracks()) track.stop()
          return
        }
        current = opened.stream
        setStream(opened.stream)
        setProblem(null)
        setCameraProblem(opened.cameraProblem)
        setDevices(await listDevices())
      })
      .catch((error: unknown) => {
        if (cancelled) return
        setStream(null)
        setProblem(mediaProblem(error))
        void listDevices().then(setDevices, () => undefined)
      })
      .finally(() => {
        if (!cancelled) setOpening(false)
      })
    return () => {
      cancelled = true
      if (!taken.current) for (const track of current?.getTracks() ?? []) track.stop()
    }
  }, [choice])

  const choose = useCallback(
    (change: Partial<DeviceChoice>) => setChoice((old) => ({ ...old, ...change })),
    [],
  )
  // A new (equal) choice opens the devices again: after the person changed a permission.
  const retry = useCallback(() => setChoice((old) => ({ ...old })), [])
  const take = useCallback(() => {
    taken.current = true
    return { audio: stream?.getAudioTracks()[0] ?? null, video: stream?.getVideoTracks()[0] ?? null }
  }, [stream])

  const giveBack = useCallback(() => {
    taken.current = false
  }, [])

  return { stream, problem, cameraProblem, opening, devices, choice, choose, retry, take, giveBack }
}
