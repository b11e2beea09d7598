import { useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { type ReactNode, Suspense } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { lazyComponent } from '../../ui/lazy-component.tsx'
import { LessonCard } from './lesson-card.tsx'
import { LessonsSkeleton } from './lesson-states.tsx'
import type { LessonsTab } from './my-lessons-url.ts'

// The table (with Mantine's ScrollArea) is for wider screens only: a phone, which shows cards,
// does not download it. Wider screens start loading it with the screen.
const LessonTable = lazyComponent(async () => (await import('./lesson-table.tsx')).LessonTable)
export const preloadLessonTable = LessonTable.preload

type Props = { lessons: Lesson[]; mobile: boolean; tab: LessonsTab; empty: ReactNode }

/** The list view: a table on wider screens, cards on a phone (design.md "Mobile first"). */
export function LessonList({ lessons, mobile, tab, empty }: Props) {
  const { t } = useLingui()
  if (lessons.length === 0) return empty
  const caption =
    tab === 'scheduled' ? t`Zaplanowane lekcje` : tab === 'closed' ? t`Zakończone lekcje` : t`Lekcje grupowe`
  if (!mobile) {
    return (
      <Suspense fallback={<LessonsSkeleton />}>
        <LessonTable lessons={lessons} caption={caption} />
      </Suspense>
    )
  }
  return (
    <Stack gap="sm" component="section" aria-label={caption}>
      {lessons.map((lesson) => (
        <LessonCard key={lesson.id} lesson={lesson} />
      ))}
    </Stack>
  )
}
