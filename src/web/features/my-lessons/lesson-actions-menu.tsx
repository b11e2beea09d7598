import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Menu } from '@mantine/core'
import {
  IconCalendarX,
  IconDotsVertical,
  IconFiles,
  IconMessage,
  IconNotes,
  IconStar,
  IconUserX,
} from '@tabler/icons-react'
import { type ComponentType, useRef } from 'react'
import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { type LessonAction, lessonActions } from './lesson-display.ts'
import { useLessonView } from './lesson-view-context.tsx'

type Label = MessageDescriptor | ((lesson: Lesson, role: Role) => MessageDescriptor)

// The note and the memos are named after whom they are for (lesson-texts.ts).
const ACTIONS: Record<LessonAction, { label: Label; Icon: ComponentType<{ size?: number }> }> = {
  materials: { label: msg`Materiały`, Icon: IconFiles },
  note: {
    label: (lesson) => (lesson.note ? msg`Zmień wiadomość dla lektora` : msg`Napisz do lektora`),
    Icon: IconMessage,
  },
  memos: {
    label: (_, role) => (role === 'teacher' ? msg`Notatki dla kursanta` : msg`Moje notatki`),
    Icon: IconNotes,
  },
  rate: { label: msg`Oceń lekcję`, Icon: IconStar },
  absence: { label: msg`Zgłoś nieobecność`, Icon: IconUserX },
  cancel: { label: msg`Odwołaj lekcję`, Icon: IconCalendarX },
}

export const actionLabel = (action: LessonAction, lesson: Lesson, role: Role): MessageDescriptor => {
  const { label } = ACTIONS[action]
  return typeof label === 'function' ? label(lesson, role) : label
}

// Cancel last and in red: the one action that cannot be undone.
const ORDER: LessonAction[] = ['materials', 'note', 'memos', 'rate', 'absence', 'cancel']

/** The lesson's allowed actions (spec §4, §6) in one labelled menu; nothing when none is allowed. */
export function LessonActionsMenu({ lesson, size = 'lg' }: { lesson: Lesson; size?: 'md' | 'lg' }) {
  const { t, i18n } = useLingui()
  const { role, now, open, withPendingWrites } = useLessonView()
  const target = useRef<HTMLButtonElement>(null)
  const shown = withPendingWrites(lesson)
  const allowed = lessonActions(shown, role, now)
  if (allowed.length === 0) return null
  const name = lesson.fullName
  const ordered = ORDER.filter((action) => allowed.includes(action))
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon ref={target} variant="default" size={size} aria-label={t`Działania dla lekcji: ${name}`}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {ordered.map((action) => {
          const { Icon } = ACTIONS[action]
          return (
            <Menu.Item
              key={action}
              color={action === 'cancel' ? 'red' : undefined}
              leftSection={<Icon size={16} />}
              onClick={() => open(action, lesson, target.current)}
            >
              {i18n._(actionLabel(action, shown, role))}
            </Menu.Item>
          )
        })}
      </Menu.Dropdown>
    </Menu>
  )
}
