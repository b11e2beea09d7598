import '@mantine/core/styles/Badge.css'
import { Trans } from '@lingui/react/macro'
import { Badge, Stack, Text } from '@mantine/core'
import type { Lesson } from '../../../domain/api/my-lessons.ts'

// A group lesson's class on my-lessons (docs/decisions.md "The group tab"): its title in place of
// the student for the teacher, under the teacher for a student, with the student's own "I will not
// come" beside it.

type Props = { lesson: Lesson; compact?: boolean }

/** The teacher's view: the class stands where a one-to-one lesson names the student. */
export function GroupClassName({ lesson, compact = false }: Props) {
  const title = lesson.group?.title ?? ''
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      {!compact && (
        <Text size="xs" c="dimmed">
          <Trans>Grupa</Trans>
        </Text>
      )}
      <Text size={compact ? 'xs' : 'sm'} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
    </Stack>
  )
}

/** The student's view: the class under the teacher's name, and whether they said they would not come. */
export function GroupClassLine({ lesson }: Props) {
  const title = lesson.group?.title ?? ''
  return (
    <Stack gap={4} align="flex-start">
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        <Trans>Zajęcia: {title}</Trans>
      </Text>
      {lesson.group?.absent_at && (
        <Badge color="orange" variant="light" size="sm">
          <Trans>Nie przyjdę</Trans>
        </Badge>
      )}
    </Stack>
  )
}
