import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Stack, Text } from '@mantine/core'
import { IconCloudUpload } from '@tabler/icons-react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { useOnlineStatus } from '../../offline/connectivity.ts'
import { LessonRating } from './lesson-rating.tsx'
import { lessonBadge } from './lesson-state.ts'

type Props = {
  lesson: Pick<
    Lesson,
    'status' | 'scheduled_at' | 'ends_at' | 'cancelled_at' | 'cancellation_reason' | 'rating'
  >
  now: number
  /** A write on this lesson waits for the connection. */
  pending?: boolean
  /** The calendar's narrow columns: a smaller badge, no cancellation reason. */
  compact?: boolean
}

/**
 * design.md "Visual language": a lesson's state looks the same everywhere — scheduled, joinable
 * now, finished, cancelled (with its reason, `cancellation_reason`), pending — colour plus text.
 */
export function LessonStatusBadge({ lesson, now, pending = false, compact = false }: Props) {
  const { t } = useLingui()
  const size = compact ? 'xs' : 'sm'
  // The badge follows the one rule of lesson-state.ts.
  const state = lessonBadge(lesson, now)
  // Offline the join button waits for the connection; the badge must not promise more.
  const online = useOnlineStatus()
  const badge =
    state === 'cancelled' ? (
      <Badge color="red" variant="light" size={size}>
        <Trans>Odwołana</Trans>
      </Badge>
    ) : state === 'joinable' && !online ? (
      <Badge color="accent.8" variant="light" size={size} title={t`Dołączysz po odzyskaniu połączenia`}>
        <Trans>Dołączysz online</Trans>
      </Badge>
    ) : state === 'joinable' ? (
      <Badge color="accent.8" variant="filled" size={size}>
        <Trans>Można dołączyć</Trans>
      </Badge>
    ) : state === 'finished' ? (
      <Badge color="gray" variant="light" size={size}>
        <Trans>Zakończona</Trans>
      </Badge>
    ) : (
      <Badge color="indigo" variant="light" size={size}>
        <Trans>Zaplanowana</Trans>
      </Badge>
    )
  const reason = lesson.cancellation_reason
  return (
    <Stack gap={2} align="flex-start">
      <Group gap={6} wrap="wrap">
        {badge}
        {pending && (
          <Badge
            color="yellow.9"
            variant="outline"
            size={size}
            leftSection={<IconCloudUpload size={12} aria-hidden />}
            title={t`Zmiana zostanie wysłana po odzyskaniu połączenia`}
          >
            <Trans>Czeka na wysłanie</Trans>
          </Badge>
        )}
      </Group>
      {lesson.rating && <LessonRating rating={lesson.rating} compact={compact} />}
      {!compact && state === 'cancelled' && reason && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          <Trans>Powód: {reason}</Trans>
        </Text>
      )}
    </Stack>
  )
}
