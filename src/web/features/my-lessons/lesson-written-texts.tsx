import { useLingui } from '@lingui/react/macro'
import { Box, Stack, Text } from '@mantine/core'
import { Suspense } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { lazyComponent } from '../../ui/lazy-component.tsx'
import { writtenTexts } from './lesson-texts.ts'
import { useLessonView } from './lesson-view-context.tsx'

// The icons' tooltips need floating-ui (some 20 kB gzipped): a chunk of its own, as the calendar
// that shows them is.
const LessonTextIcons = lazyComponent(async () => (await import('./lesson-text-icons.tsx')).LessonTextIcons)

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
      <Suspense fallback={null}>
        <LessonTextIcons texts={texts} />
      </Suspense>
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
