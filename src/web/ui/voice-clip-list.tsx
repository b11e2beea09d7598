import { useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import type { VoiceRecording } from '../../domain/api/my-lessons.ts'
import { formatPolandTime } from '../../domain/poland-time.ts'

/** A lesson's voice clips, oldest first, each played in the page. */
export function VoiceClipList({ clips }: { clips: VoiceRecording[] }) {
  const { t } = useLingui()
  return (
    <Stack gap="xs" component="ol" style={{ paddingLeft: 20, margin: 0 }} data-testid="voice-clips">
      {clips.map((clip) => {
        const at = formatPolandTime(new Date(clip.created_at))
        return (
          <li key={clip.id}>
            {/* biome-ignore lint/a11y/useMediaCaption: a student's spoken answer, recorded live. */}
            <audio controls preload="none" src={clip.url} aria-label={t`Nagranie głosu z ${at}`} />
          </li>
        )
      })}
    </Stack>
  )
}
