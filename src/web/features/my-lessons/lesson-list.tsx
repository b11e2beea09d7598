import { useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { LessonCard } from './lesson-card.tsx'
import { LessonTable } from './lesson-table.tsx'
import type { LessonsTab } from './my-lessons-url.ts'

type Props = { lessons: Lesson[]; mobile: boolean; tab: LessonsTab; empty: ReactNode }

/** The list view: a table on wider screens, cards on a phone (DESIGN.md "Mobile first"). */
export function LessonList({ lessons, mobile, tab, empty }: Props) {
  const { t } = useLingui()
  if (lessons.length === 0) return empty
  const caption =
    tab === 'scheduled' ? t`Zaplanowane lekcje` : tab === 'closed' ? t`Zakończone lekcje` : t`Lekcje grupowe`
  if (!mobile) return <LessonTable lessons={lessons} caption={caption} />
  return (
    <Stack gap="sm" component="section" aria-label={caption}>
      {lessons.map((lesson) => (
        <LessonCard key={lesson.id} lesson={lesson} />
      ))}
    </Stack>
  )
}
