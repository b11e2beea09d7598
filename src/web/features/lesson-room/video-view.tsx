import { type CSSProperties, useEffect, useRef } from 'react'

type Props = {
  stream: MediaStream | null
  /** Own preview: silent (no echo) and mirrored, as people expect to see themselves. */
  self?: boolean
  /** Silent without the mirror (the group room plays each person's sound apart). */
  muted?: boolean
  label: string
  style?: CSSProperties
  testId?: string
}

/** A <video> playing a MediaStream. */
export function VideoView({ stream, self = false, muted = false, label, style, testId }: Props) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const video = ref.current
    if (!video || video.srcObject === stream) return
    video.srcObject = stream
    if (stream) void video.play().catch(() => undefined) // autoplay may wait for a gesture
  }, [stream])
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={self || muted}
      aria-label={label}
      data-testid={testId}
      style={{
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        display: 'block',
        background: '#111',
        transform: self ? 'scaleX(-1)' : undefined,
        ...style,
      }}
    />
  )
}
