import { useEffect, useState } from 'react'

// The lobby's microphone level (0–1): an AnalyserNode on the track, read about ten times a
// second, so a person sees that the right microphone hears them before they join.

const READ_EVERY_MS = 100

export function useAudioLevel(track: MediaStreamTrack | null): number {
  const [level, setLevel] = useState(0)
  useEffect(() => {
    if (!track || typeof AudioContext === 'undefined') return
    const context = new AudioContext()
    const source = context.createMediaStreamSource(new MediaStream([track]))
    const analyser = context.createAnalyser()
    analyser.fftSize = 512
    source.connect(analyser)
    const samples = new Float32Array(analyser.fftSize)
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples)
      let sum = 0
      for (const sample of samples) sum += sample * sample
      // RMS of speech sits around 0.02–0.2: scaled so normal speech fills most of the bar.
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 5))
    }, READ_EVERY_MS)
    return () => {
      clearInterval(timer)
      source.disconnect()
      void context.close()
      setLevel(0)
    }
  }, [track])
  return level
}
