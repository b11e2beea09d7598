import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconStar } from '@tabler/icons-react'
import { useRef } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { lessonState } from './lesson-state.ts'
import { useLessonView } from './lesson-view-context.tsx'

/**
 * Rating a finished lesson was only in ⋮. A student's finished, unrated lesson shows "Oceń lekcję"
 * beside it (a rated one shows its stars; changing them stays in ⋮).
 */
export function RateButton({ lesson, fullWidth = false }: { lesson: Lesson; fullWidth?: boolean }) {
  const { t } = useLingui()
  const { role, now, open, withPendingWrites } = useLessonView()
  const button = useRef<HTMLButtonElement>(null)
  const shown = withPendingWrites(lesson)
  // The one rule says when (an ended lesson, its student, not rated yet).
  if (!lessonState(shown, now, role).rateNow) return null
  const name = lesson.fullName
  return (
    <Button
      ref={button}
      variant="light"
      size="sm"
      fullWidth={fullWidth}
      leftSection={<IconStar size={16} aria-hidden />}
      onClick={() => open('rate', lesson, button.current)}
      aria-label={t`Oceń lekcję: ${name}`}
    >
      <Trans>Oceń lekcję</Trans>
    </Button>
  )
}
