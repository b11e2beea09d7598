import '@mantine/core/styles/Tooltip.css'
import { useLingui } from '@lingui/react/macro'
import { Box, Group, Stack, Text, Tooltip } from '@mantine/core'
import { IconMessage, IconNotebook, IconNotes } from '@tabler/icons-react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { type LessonTextKind, writtenTexts } from './lesson-texts.ts'
import { useLessonView } from './lesson-view-context.tsx'

const ICONS = { note: IconMessage, teacher_memos: IconNotes, student_memos: IconNotebook } satisfies Record<
  LessonTextKind,
  unknown
>

/**
 * The lesson's note and memos where its reader looks for them: on the lesson itself, each under
 * the name its reader knows it by (lesson-texts.ts), a write still waiting offline included. The
 * calendar's narrow columns show one icon per text, its words in the tooltip and for screen
 * readers.
 */
export function LessonWrittenTexts({ lesson, compact = false }: { lesson: Lesson; compact?: boolean }) {
  const { i18n } = useLingui()
  const { role, withPendingWrites } = useLessonView()
  const texts = writtenTexts(withPendingWrites(lesson), role)
  if (texts.length === 0) return null
  if (compact)
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
  return (
    <Stack gap={6}>
      {texts.map(({ kind, label, text }) => (
        <Box
          key={kind}
          pl="xs"
          style={{ borderLeft: '3px solid var(--mantine-color-indigo-2)', minWidth: 0 }}
          data-testid={`lesson-${kind}`}
        >
          <Text size="xs" c="dimmed" fw={600}>
            {i18n._(label)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {text}
          </Text>
        </Box>
      ))}
    </Stack>
  )
}
