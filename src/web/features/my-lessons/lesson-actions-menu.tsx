import { useLingui } from '@lingui/react/macro'
import { ActionIcon } from '@mantine/core'
import { IconDotsVertical } from '@tabler/icons-react'
import { useRef } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { lazyComponent } from '../../ui/lazy-component.tsx'
import { LazyMenu } from '../../ui/lazy-menu.tsx'
import { type LessonAction, lessonActions } from './lesson-state.ts'
import { useLessonView } from './lesson-view-context.tsx'

const LessonActionsList = lazyComponent(
  async () => (await import('./lesson-actions-list.tsx')).LessonActionsList,
)

// Cancel last and in red: the one action that cannot be undone.
const ORDER: LessonAction[] = [
  'roster',
  'groupAbsence',
  'recordings',
  'materials',
  'note',
  'memos',
  'rate',
  'absence',
  'cancel',
]

/**
 * The lesson's allowed actions (product-rules.md "Roles and permissions") in one labelled menu;
 * nothing when none is allowed.
 */
export function LessonActionsMenu({ lesson, size = 'lg' }: { lesson: Lesson; size?: 'md' | 'lg' }) {
  const { t } = useLingui()
  const { role, now, open, withPendingWrites } = useLessonView()
  // The dialog gives the focus back to the ⋮ it was opened from.
  const trigger = useRef<HTMLButtonElement>(null)
  const shown = withPendingWrites(lesson)
  const allowed = lessonActions(shown, role, now)
  if (allowed.length === 0) return null
  const name = lesson.fullName
  const title = lesson.group?.title
  // A meeting's teacher acts on the class, not on one of its students.
  const label =
    title && role === 'teacher' ? t`Działania dla zajęć: ${title}` : t`Działania dla lekcji: ${name}`
  const actions = ORDER.filter((action) => allowed.includes(action))
  return (
    <LazyMenu
      preload={LessonActionsList.preload}
      target={
        <ActionIcon ref={trigger} variant="default" size={size} aria-label={label}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      }
    >
      {(menu) => (
        <LessonActionsList
          {...menu}
          actions={actions}
          lesson={shown}
          role={role}
          onAction={(action) => open(action, lesson, trigger.current)}
        />
      )}
    </LazyMenu>
  )
}
