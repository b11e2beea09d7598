import { useLingui } from '@lingui/react'
import { Stack, Text, Title } from '@mantine/core'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { formatPolandTime } from '../../../domain/poland-time.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { usePageTitle } from '../../ui/use-page-title.ts'

/**
 * The screen's title with who the lesson is with (a group class's title for its meeting), its
 * language and its time (Poland time).
 */
export function LessonHeading({ lesson, title }: { lesson: Lesson; title: string }) {
  usePageTitle(title)
  const { i18n } = useLingui()
  const span = `${formatPolandTime(new Date(lesson.scheduled_at))}–${formatPolandTime(new Date(lesson.ends_at))}`
  return (
    <Stack gap={2}>
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {lesson.group?.title ?? lesson.fullName} · {languageLabel(lesson.language, i18n.locale)} · {span}
      </Text>
    </Stack>
  )
}
