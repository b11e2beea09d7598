import { Paper, Stack } from '@mantine/core'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { LessonStatusBadge } from './lesson-status-badge.tsx'
import { LessonLanguage, LessonParty, LessonWhen } from './lesson-summary.tsx'
import { useLessonView } from './lesson-view-context.tsx'

/** The lesson at the top of its dialogs: when, with whom, language and level, state. */
export function LessonOverview({ lesson }: { lesson: Lesson }) {
  const { now } = useLessonView()
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap="xs">
        <LessonWhen lesson={lesson} />
        <LessonParty lesson={lesson} />
        <LessonLanguage lesson={lesson} />
        <LessonStatusBadge lesson={lesson} now={now} />
      </Stack>
    </Paper>
  )
}
