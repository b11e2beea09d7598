import '@mantine/core/styles/Rating.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Rating, Stack, Text, VisuallyHidden } from '@mantine/core'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { RATING_MAX } from '../../../domain/constants.ts'
import { useLessonView } from './lesson-view-context.tsx'

/**
 * The student's rating of an ended lesson with its comment, read by both parties on the lesson (the
 * comment was required and then shown nowhere). Read only; the student changes it in ⋮.
 */
export function LessonRating({
  rating,
  compact = false,
}: {
  rating: NonNullable<Lesson['rating']>
  compact?: boolean
}) {
  const { t } = useLingui()
  const { role } = useLessonView()
  const value = rating.value
  const max = RATING_MAX
  const comment = rating.comment.trim()
  return (
    <Stack gap={2} data-testid="lesson-rating" style={{ minWidth: 0 }}>
      {!compact && (
        <Text size="xs" c="dimmed" fw={600}>
          {role === 'student' ? <Trans>Twoja ocena</Trans> : <Trans>Ocena kursanta</Trans>}
        </Text>
      )}
      <Rating value={value} readOnly size="xs" aria-hidden />
      <VisuallyHidden>{t`Ocena: ${value} z ${max}`}</VisuallyHidden>
      {comment && (
        <Text
          size={compact ? 'xs' : 'sm'}
          fs="italic"
          lineClamp={compact ? 3 : undefined}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {`„${comment}”`}
        </Text>
      )}
    </Stack>
  )
}
