import '@mantine/core/styles/Tooltip.css'
import { useLingui } from '@lingui/react/macro'
import { Box, Group, Tooltip } from '@mantine/core'
import { IconMessage, IconNotebook, IconNotes } from '@tabler/icons-react'
import type { LessonTextKind, WrittenText } from './lesson-texts.ts'

const ICONS = { note: IconMessage, teacher_memos: IconNotes, student_memos: IconNotebook } satisfies Record<
  LessonTextKind,
  unknown
>

/** The calendar's narrow columns: one icon per text, its words in the tooltip and for screen readers. */
export function LessonTextIcons({ texts }: { texts: WrittenText[] }) {
  const { i18n } = useLingui()
  return (
    <Group gap={4}>
      {texts.map(({ kind, label, text }) => {
        const Icon = ICONS[kind]
        const said = `${i18n._(label)}: ${text}`
        return (
          <Tooltip key={kind} label={said} multiline w={240} withArrow>
            <Box
              component="span"
              role="img"
              aria-label={said}
              c="indigo.7"
              style={{ display: 'inline-flex' }}
            >
              <Icon size={16} aria-hidden />
            </Box>
          </Tooltip>
        )
      })}
    </Group>
  )
}
