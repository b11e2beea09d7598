import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Group, Stack, Text } from '@mantine/core'
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import type { VoiceRecording } from '../../domain/api/my-lessons.ts'
import { formatPolandDate, formatPolandTime } from '../../domain/poland-time.ts'
import { formatDuration } from './format-duration.ts'

/**
 * A lesson's voice clips, oldest first: each a row with its number, its time in Poland and its
 * length as recorded, and one button to play or pause it. The length is known before anything
 * loads (a browser's own player shows "0:00 / 0:00" until it has read the clip).
 */
export function VoiceClipList({ clips, withDay = false }: { clips: VoiceRecording[]; withDay?: boolean }) {
  const { t } = useLingui()
  return (
    <Stack
      gap={4}
      component="ol"
      aria-label={t`Nagrania głosu`}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      data-testid="voice-clips"
    >
      {clips.map((clip, index) => (
        <VoiceClipRow key={clip.id} clip={clip} number={index + 1} withDay={withDay} />
      ))}
    </Stack>
  )
}

function VoiceClipRow({ clip, number, withDay }: { clip: VoiceRecording; number: number; withDay: boolean }) {
  const { t } = useLingui()
  // The player is made on the first press: nothing of the clip loads before someone wants it.
  const audio = useRef<HTMLAudioElement | null>(null)
  const [playing, setPlaying] = useState(false)
  const created = new Date(clip.created_at)
  const at = withDay ? `${formatPolandDate(created)} ${formatPolandTime(created)}` : formatPolandTime(created)
  const length = clip.duration_ms === null ? null : formatDuration(clip.duration_ms)
  useEffect(() => () => audio.current?.pause(), [])
  const toggle = () => {
    if (!audio.current) {
      const player = new Audio(clip.url)
      // "playing": the sound has started (not only been asked for).
      player.addEventListener('playing', () => setPlaying(true))
      for (const stop of ['pause', 'ended', 'error']) player.addEventListener(stop, () => setPlaying(false))
      audio.current = player
    }
    const player = audio.current
    if (player.paused) {
      // A clip that cannot be played (an expired link) shows as stopped, not stuck on "pause".
      player.play().catch(() => setPlaying(false))
    } else player.pause()
  }
  const label = length === null ? t`Nagranie ${number}, ${at}` : t`Nagranie ${number}, ${at}, ${length}`
  return (
    <Group component="li" gap="sm" wrap="nowrap" aria-label={label}>
      <ActionIcon
        variant="light"
        size="lg"
        radius="xl"
        onClick={toggle}
        aria-label={playing ? t`Zatrzymaj nagranie ${number}` : t`Odtwórz nagranie ${number}`}
      >
        {playing ? (
          <IconPlayerPauseFilled size={18} aria-hidden />
        ) : (
          <IconPlayerPlayFilled size={18} aria-hidden />
        )}
      </ActionIcon>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {number}.
      </Text>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {at}
      </Text>
      {length !== null && (
        <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {length}
        </Text>
      )}
    </Group>
  )
}
