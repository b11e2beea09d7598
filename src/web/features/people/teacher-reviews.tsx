import '@mantine/core/styles/Rating.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Paper, Rating, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import type { TeacherReview } from '../../../domain/api/profile.ts'
import { RATING_MAX } from '../../../domain/constants.ts'
import { formatPolandDate } from '../../../domain/poland-time.ts'

/**
 * The teacher's newest ratings with their comments, each signed with the student's first name and
 * initial (docs/decisions.md "Ratings read where people look; a lesson's state from one rule");
 * nothing when there are none.
 */
export function TeacherReviews({ reviews }: { reviews: TeacherReview[] }) {
  const { t } = useLingui()
  if (reviews.length === 0) return null
  const title = t`Opinie kursantów`
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {reviews.map((review) => (
            <ReviewItem key={`${review.rated_at}-${review.student_name}`} review={review} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  )
}

function ReviewItem({ review }: { review: TeacherReview }) {
  const { t } = useLingui()
  const value = review.value
  const max = RATING_MAX
  const date = formatPolandDate(Date.parse(review.rated_at))
  const name = review.student_name
  return (
    <Stack
      component="li"
      gap={4}
      pl="sm"
      data-testid="teacher-review"
      style={{ borderLeft: '3px solid var(--mantine-color-indigo-2)' }}
    >
      <Group gap="xs" wrap="wrap">
        <Rating value={value} readOnly size="xs" aria-hidden />
        <VisuallyHidden>{t`Ocena: ${value} z ${max}`}</VisuallyHidden>
        <Text size="xs" c="dimmed">
          {date}
        </Text>
      </Group>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{review.comment}</Text>
      <Text size="sm" c="dimmed">
        <Trans>— {name}</Trans>
      </Text>
    </Stack>
  )
}
