import { Group, Paper, Stack } from '@mantine/core'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { JoinButton } from './join-button.tsx'
import { LessonActionsMenu } from './lesson-actions-menu.tsx'
import { LessonAttendance } from './lesson-attendance.tsx'
import { isCancelled, joinOffer } from './lesson-state.ts'
import { LessonStatusBadge } from './lesson-status-badge.tsx'
import { LessonLanguage, LessonParty, LessonWhen } from './lesson-summary.tsx'
import { useLessonView } from './lesson-view-context.tsx'
import { LessonWrittenTexts } from './lesson-written-texts.tsx'
import { RateButton } from './rate-button.tsx'

type Props = {
  lesson: Lesson
  /** The calendar's day column already names the date. */
  withDate?: boolean
  compact?: boolean
}

/**
 * One lesson as a card: the list on a phone, the calendar's days. Join shows until its window
 * has passed (then it could never be used again); the actions menu only with allowed actions.
 */
export function LessonCard({ lesson, withDate = true, compact = false }: Props) {
  const { role, now, isPending, withPendingWrites } = useLessonView()
  const cancelled = isCancelled(lesson)
  // Nothing to join on a cancelled or ended lesson.
  const joinShown = joinOffer(lesson, now) !== null
  return (
    <Paper
      withBorder
      radius="md"
      p={compact ? 6 : 'md'}
      component="article"
      aria-label={lesson.group && role === 'teacher' ? lesson.group.title : lesson.fullName}
      data-testid="lesson"
      data-cancelled={cancelled || undefined}
      bg={cancelled ? 'gray.0' : undefined}
      style={cancelled ? { borderStyle: 'dashed' } : undefined}
    >
      <Stack gap={compact ? 6 : 'sm'}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <LessonWhen lesson={lesson} withDate={withDate} compact={compact} />
          {!compact && <LessonActionsMenu lesson={lesson} />}
        </Group>
        {compact ? (
          // A week column has no room for the time and the menu side by side; the name wraps.
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap={4} preventGrowOverflow={false}>
            <LessonParty lesson={lesson} compact />
            <LessonActionsMenu lesson={lesson} size="md" />
          </Group>
        ) : (
          <LessonParty lesson={lesson} />
        )}
        <LessonLanguage lesson={lesson} compact={compact} />
        <LessonStatusBadge
          lesson={withPendingWrites(lesson)}
          now={now}
          pending={isPending(lesson.id)}
          compact={compact}
        />
        {!compact && <LessonAttendance lesson={lesson} />}
        <LessonWrittenTexts lesson={lesson} compact={compact} />
        {!compact && <RateButton lesson={lesson} fullWidth />}
        {joinShown && (
          <JoinButton lesson={lesson} fullWidth size={compact ? 'xs' : 'sm'} withHint={!compact} />
        )}
      </Stack>
    </Paper>
  )
}
