import { Trans } from '@lingui/react/macro'
import { Group, Paper, Stack, Title } from '@mantine/core'
import { useId } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { JoinButton } from './join-button.tsx'
import { LessonActionsMenu } from './lesson-actions-menu.tsx'
import { LessonAttendance } from './lesson-attendance.tsx'
import { byStart } from './lesson-display.ts'
import { hasEnded, isCancelled } from './lesson-state.ts'
import { LessonStatusBadge } from './lesson-status-badge.tsx'
import { LessonLanguage, LessonParty, LessonWhen } from './lesson-summary.tsx'
import { useLessonView } from './lesson-view-context.tsx'
import { LessonWrittenTexts } from './lesson-written-texts.tsx'

/** The soonest lesson or group meeting still to come or running (not cancelled, not ended), if any. */
export function nextLesson(lessons: Lesson[], now: number): Lesson | null {
  const open = (lesson: Lesson) => !isCancelled(lesson) && !hasEnded(lesson, now)
  return [...lessons].sort(byStart).find(open) ?? null
}

/** design.md "Layout": the next lesson is the most prominent thing on my-lessons, Join its main action. */
export function NextLesson({ lessons }: { lessons: Lesson[] | undefined }) {
  const headingId = useId()
  const { now, isPending } = useLessonView()
  const lesson = lessons ? nextLesson(lessons, now) : null
  if (!lesson) return null
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
      style={{ borderColor: 'var(--mantine-color-indigo-3)' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="lg" id={headingId}>
            <Trans>Najbliższa lekcja</Trans>
          </Title>
          <LessonActionsMenu lesson={lesson} />
        </Group>
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap="xs">
            <LessonWhen lesson={lesson} />
            <LessonParty lesson={lesson} />
            <LessonLanguage lesson={lesson} />
            <LessonStatusBadge lesson={lesson} now={now} pending={isPending(lesson.id)} />
            <LessonAttendance lesson={lesson} />
          </Stack>
          <JoinButton lesson={lesson} size="md" />
        </Group>
        <LessonWrittenTexts lesson={lesson} />
      </Stack>
    </Paper>
  )
}
