import { Paper, Stack } from '@mantine/core'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { LessonAttendance } from './lesson-attendance.tsx'
import { LessonStatusBadge } from './lesson-status-badge.tsx'
import { LessonLanguage, LessonParty, LessonWhen } from './lesson-summary.tsx'
import { useLessonView } from './lesson-view-context.tsx'

/** The lesson at the top of its dialogs: when, with whom, language and level, state, attendance. */
export function LessonOverview({
  lesson,
  withAttendance = true,
}: {
  lesson: Lesson
  withAttendance?: boolean
}) {
  const { now, withPendingWrites } = useLessonView()
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap="xs">
        <LessonWhen lesson={lesson} />
        <LessonParty lesson={lesson} />
        <LessonLanguage lesson={lesson} />
        <LessonStatusBadge lesson={withPendingWrites(lesson)} now={now} />
        {withAttendance && <LessonAttendance lesson={lesson} />}
      </Stack>
    </Paper>
  )
}
