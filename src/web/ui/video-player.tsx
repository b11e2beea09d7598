import '@mantine/core/styles/AspectRatio.css'
import { AspectRatio, Box } from '@mantine/core'

type VideoPlayerProps = { src: string; label: string; maxWidth?: number }

/**
 * An HTML5 video with the browser's controls, 16:9. The videos are the teachers' own intro
 * recordings, which come without caption tracks (reported as an accessibility gap: a captions
 * upload would close it); the page's description text says what the video is about.
 */
export function VideoPlayer({ src, label, maxWidth = 560 }: VideoPlayerProps) {
  return (
    <AspectRatio ratio={16 / 9} maw={maxWidth} w="100%">
      <Box
        component="video"
        src={src}
        controls
        preload="metadata"
        aria-label={label}
        bg="dark.9"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
    </AspectRatio>
  )
}
