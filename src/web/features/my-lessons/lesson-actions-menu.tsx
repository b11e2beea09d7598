import { useLingui } from '@lingui/react/macro'
import { ActionIcon } from '@mantine/core'
import { IconDotsVertical } from '@tabler/icons-react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { lazyComponent } from '../../ui/lazy-component.tsx'
import { LazyMenu } from '../../ui/lazy-menu.tsx'
import { type LessonAction, lessonActions } from './lesson-display.ts'
import { useLessonView } from './lesson-view-context.tsx'

const LessonActionsList = lazyComponent(
  async () => (await import('./lesson-actions-list.tsx')).LessonActionsList,
)

// Cancel last and in red: the one action that cannot be undone.
const ORDER: LessonAction[] = ['materials', 'note', 'memos', 'rate', 'absence', 'cancel']

/** The lesson's allowed actions (spec §4, §6) in one labelled menu; nothing when none is allowed. */
export function LessonActionsMenu({ lesson, size = 'lg' }: { lesson: Lesson; size?: 'md' | 'lg' }) {
  const { t } = useLingui()
  const { role, now, open } = useLessonView()
  const allowed = lessonActions(lesson, role, now)
  if (allowed.length === 0) return null
  const name = lesson.fullName
  const actions = ORDER.filter((action) => allowed.includes(action))
  return (
    <LazyMenu
      preload={LessonActionsList.preload}
      target={
        <ActionIcon variant="default" size={size} aria-label={t`Działania dla lekcji: ${name}`}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      }
    >
      {(target) => (
        <LessonActionsList
          target={target}
          defaultOpened
          actions={actions}
          onAction={(action) => open(action, lesson)}
        />
      )}
    </LazyMenu>
  )
}
