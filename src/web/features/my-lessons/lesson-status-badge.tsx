import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Rating.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Rating, Stack, Text, VisuallyHidden } from '@mantine/core'
import { IconCloudUpload } from '@tabler/icons-react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { RATING_MAX } from '../../../domain/constants.ts'
import { canJoin } from '../../../domain/lesson-rules.ts'

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
 * DESIGN.md: a lesson's state looks the same everywhere — scheduled, joinable now, finished,
 * cancelled (with its reason, spec §3 cancellation_reason), pending — colour plus text.
 */
export function LessonStatusBadge({ lesson, now, pending = false, compact = false }: Props) {
  const { t } = useLingui()
  const size = compact ? 'xs' : 'sm'
  const joinable = lesson.status !== 'cancelled' && canJoin(lesson, now)
  const badge =
    lesson.status === 'cancelled' ? (
      <Badge color="red" variant="light" size={size}>
        <Trans>Odwołana</Trans>
      </Badge>
    ) : joinable ? (
      <Badge color="accent.8" variant="filled" size={size}>
        <Trans>Można dołączyć</Trans>
      </Badge>
    ) : lesson.status === 'finished' ? (
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
      {!compact && lesson.rating && <RatingMark value={lesson.rating.value} />}
      {!compact && lesson.status === 'cancelled' && reason && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          <Trans>Powód: {reason}</Trans>
        </Text>
      )}
    </Stack>
  )
}

/** The student's rating of a finished lesson, beside its state (read only). */
function RatingMark({ value }: { value: number }) {
  const { t } = useLingui()
  const max = RATING_MAX
  return (
    <div>
      <Rating value={value} readOnly size="xs" aria-hidden />
      <VisuallyHidden>{t`Ocena: ${value} z ${max}`}</VisuallyHidden>
    </div>
  )
}
