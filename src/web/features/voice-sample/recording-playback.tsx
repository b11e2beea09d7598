import { useLingui } from '@lingui/react/macro'
import { Box } from '@mantine/core'
import { useEffect, useState } from 'react'

/**
 * Lets the student hear what they recorded (while it uploads, and after). It is their own voice
 * reading the sentence shown beside it, so it has no caption track.
 */
export function RecordingPlayback({ file }: { file: File }) {
  const { t } = useLingui()
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  if (!url) return null
  return <Box component="audio" controls src={url} aria-label={t`Odsłuchaj nagranie`} w="100%" maw={360} />
}
