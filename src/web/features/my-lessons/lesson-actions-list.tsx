import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Menu.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Menu } from '@mantine/core'
import {
  IconCalendarCheck,
  IconCalendarX,
  IconFiles,
  IconMessage,
  IconMovie,
  IconNotes,
  IconStar,
  IconUsers,
  IconUserX,
} from '@tabler/icons-react'
import type { ComponentType } from 'react'
import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import type { LoadedMenuProps } from '../../ui/lazy-menu.tsx'
import type { LessonAction } from './lesson-state.ts'

type Label = MessageDescriptor | ((lesson: Lesson, role: Role) => MessageDescriptor)

// The note and the memos are named after whom they are for (lesson-texts.ts).
const ACTIONS: Record<LessonAction, { label: Label; Icon: ComponentType<{ size?: number }> }> = {
  materials: { label: msg`Materiały`, Icon: IconFiles },
  recordings: { label: msg`Nagrania lekcji`, Icon: IconMovie },
  note: {
    label: (lesson) => (lesson.note ? msg`Zmień wiadomość dla lektora` : msg`Napisz do lektora`),
    Icon: IconMessage,
  },
  memos: {
    label: (lesson, role) =>
      role === 'teacher'
        ? lesson.group
          ? msg`Notatki dla grupy`
          : msg`Notatki dla kursanta`
        : msg`Moje notatki`,
    Icon: IconNotes,
  },
  rate: { label: msg`Oceń lekcję`, Icon: IconStar },
  absence: { label: msg`Zgłoś nieobecność`, Icon: IconUserX },
  cancel: { label: msg`Odwołaj lekcję`, Icon: IconCalendarX },
  roster: { label: msg`Lista uczestników`, Icon: IconUsers },
  groupAbsence: {
    label: (lesson) => (lesson.group?.absent_at ? msg`Jednak przyjdę` : msg`Nie przyjdę na te zajęcia`),
    Icon: IconCalendarCheck,
  },
}

const actionLabel = (action: LessonAction, lesson: Lesson, role: Role): MessageDescriptor => {
  const { label } = ACTIONS[action]
  return typeof label === 'function' ? label(lesson, role) : label
}

type Props = LoadedMenuProps & {
  actions: LessonAction[]
  lesson: Lesson
  role: Role
  onAction: (action: LessonAction) => void
}

/** The lesson's actions as a menu (loaded when a lesson's menu is first opened). */
export function LessonActionsList({ target, opened, onChange, actions, lesson, role, onAction }: Props) {
  const { i18n } = useLingui()
  return (
    <Menu position="bottom-end" withinPortal shadow="md" opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const { Icon } = ACTIONS[action]
          return (
            <Menu.Item
              key={action}
              color={action === 'cancel' ? 'red' : undefined}
              leftSection={<Icon size={16} />}
              onClick={() => onAction(action)}
            >
              {i18n._(actionLabel(action, lesson, role))}
            </Menu.Item>
          )
        })}
      </Menu.Dropdown>
    </Menu>
  )
}
