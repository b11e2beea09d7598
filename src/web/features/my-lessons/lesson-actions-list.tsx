import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Menu.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Menu } from '@mantine/core'
import { IconCalendarX, IconFiles, IconNote, IconNotes, IconStar, IconUserX } from '@tabler/icons-react'
import type { ComponentType } from 'react'
import type { LoadedMenuProps } from '../../ui/lazy-menu.tsx'
import type { LessonAction } from './lesson-display.ts'

const ACTIONS: Record<LessonAction, { label: MessageDescriptor; Icon: ComponentType<{ size?: number }> }> = {
  materials: { label: msg`Materiały`, Icon: IconFiles },
  note: { label: msg`Dodaj notatkę`, Icon: IconNote },
  memos: { label: msg`Notatki z lekcji`, Icon: IconNotes },
  rate: { label: msg`Oceń lekcję`, Icon: IconStar },
  absence: { label: msg`Zgłoś nieobecność`, Icon: IconUserX },
  cancel: { label: msg`Odwołaj lekcję`, Icon: IconCalendarX },
}

type Props = LoadedMenuProps & { actions: LessonAction[]; onAction: (action: LessonAction) => void }

/** The lesson's actions as a menu (loaded when a lesson's menu is first opened). */
export function LessonActionsList({ target, defaultOpened, actions, onAction }: Props) {
  const { i18n } = useLingui()
  return (
    <Menu position="bottom-end" withinPortal shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const { label, Icon } = ACTIONS[action]
          return (
            <Menu.Item
              key={action}
              color={action === 'cancel' ? 'red' : undefined}
              leftSection={<Icon size={16} />}
              onClick={() => onAction(action)}
            >
              {i18n._(label)}
            </Menu.Item>
          )
        })}
      </Menu.Dropdown>
    </Menu>
  )
}
