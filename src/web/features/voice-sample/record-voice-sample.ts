import { VOICE_SAMPLE } from '../../../domain/voice-sample.ts'
import { type PcmCapture, startPcmCapture } from './pcm-capture.ts'
import { encodeWav } from './wav-encoder.ts'

// The voice recording (product-rules.md "Voice sample"): recording with a 10 s countdown, then an
// automatic stop and a WAV. A denied microphone rejects with the code UserPermissionDenied.

/** Why a recording could not start: no microphone, or the browser (or the person) refused it. */
export class UserPermissionDeniedError extends Error {
  readonly code = 'UserPermissionDenied'
  constructor(cause: unknown) {
    super('Camera or microphone not connected or permission not granted', { cause })
    this.name = 'UserPermissionDeniedError'
  }
}

/** An opened microphone: its PCM can be captured, and it is released after the recording. */
export type Microphone = { capture(): Promise<PcmCapture>; release(): void }

export type RecordingDeps = {
  /** Opens the microphone (a test passes a stand-in); any refusal counts as UserPermissionDenied. */
  openMicrophone?: () => Promise<Microphone>
  /** Waits a second of the countdown (a test passes a faster one). */
  tick?: () => Promise<void>
}

const FRAMES = VOICE_SAMPLE.sampleRate * VOICE_SAMPLE.seconds
const oneSecond = () => new Promise<void>((resolve) => setTimeout(resolve, 1000))

// Voice processing would reshape the very voice the sample is for; the device's own rate is
// resampled by the 44 100 Hz AudioContext.
const MICROPHONE: MediaStreamConstraints = {
  audio: {
    channelCount: { ideal: 2 },
    echoCancellation: false,
    noiseSuppression: false,
    autoGainControl: false,
  },
}

async function browserMicrophone(): Promise<Microphone> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices) {
    throw new Error('navigator.mediaDevices is not available (an insecure origin?)')
  }
  const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE)
  return {
    capture: () => startPcmCapture(stream),
    release: () => {
      for (const track of stream.getTracks()) track.stop()
    },
  }
}

async function open(openMicrophone: () => Promise<Microphone>): Promise<Microphone> {
  try {
    return await openMicrophone()
  } catch (error) {
    throw new UserPermissionDeniedError(error)
  }
}

/**
 * Records the microphone for 10 s (`onSecondsLeft` on start and after each second) and answers the
 * `voice-confirmation.wav` file. Rejects with UserPermissionDeniedError when there is no microphone.
 */
export async function recordVoiceSample(
  onSecondsLeft: (seconds: number) => void,
  deps: RecordingDeps = {},
): Promise<File> {
  const microphone = await open(deps.openMicrophone ?? browserMicrophone)
  try {
    const capture = await microphone.capture()
    for (let left = VOICE_SAMPLE.seconds; left > 0; left--) {
      onSecondsLeft(left)
      await (deps.tick ?? oneSecond)()
    }
    onSecondsLeft(0)
    // The wall-clock seconds may hold a few frames more than 10 s of audio: keep exactly 10 s.
    const channels = (await capture.stop()).map((channel) => channel.subarray(0, FRAMES))
    return new File([encodeWav(channels)], VOICE_SAMPLE.fileName, { type: 'audio/wav' })
  } finally {
    microphone.release()
  }
}
