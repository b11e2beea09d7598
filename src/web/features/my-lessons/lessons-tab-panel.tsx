import '@mantine/core/styles/Pagination.css'
import { useLingui } from '@lingui/react/macro'
import { Pagination, Stack } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, Suspense } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { polandDateKey } from '../../../domain/poland-time.ts'
import { ApiError } from '../../api/api-error.ts'
import type { LessonPageQuery } from '../../api/lessons.ts'
import { useLessonPage, useScheduledLessons } from '../../api/my-lessons.ts'
import { lazyComponent } from '../../ui/lazy-component.tsx'
import { rangeDays } from './calendar-range.ts'
import { byStart, lessonDay } from './lesson-display.ts'
import { LessonList } from './lesson-list.tsx'
import { lessonTab } from './lesson-state.ts'
import { LessonsError, LessonsSkeleton } from './lesson-states.tsx'
import { useLessonView } from './lesson-view-context.tsx'
import type { CalendarRange, LessonsTab, MyLessonsState } from './my-lessons-url.ts'
import { NotSavedNotice, SavedCopyNotice } from './offline-notices.tsx'

// The calendar view is a chunk of its own, downloaded when first chosen.
const LessonCalendar = lazyComponent(async () => (await import('./lesson-calendar.tsx')).LessonCalendar)
const CalendarToolbar = lazyComponent(async () => (await import('./calendar-toolbar.tsx')).CalendarToolbar)

/** Closed and group lists page by 20; the calendar asks for a whole week at once. */
export const PER_PAGE = 20
const CALENDAR_PER_PAGE = 200

type Props = {
  tab: LessonsTab
  state: MyLessonsState
  update: (patch: Partial<MyLessonsState>, options?: { push?: boolean }) => void
  mobile: boolean
  /** What an empty list says (by tab and role). */
  empty: ReactNode
}

/**
 * One tab of my-lessons: its lessons as a list (paged for closed and group lessons) or as a week
 * or day calendar, with the loading, empty and error states.
 */
export function LessonsTabPanel({ tab, state, update, mobile, empty }: Props) {
  const { now } = useLessonView()
  // Week or day view; a phone starts with the day (design.md "Mobile first").
  const range: CalendarRange = state.range ?? (mobile ? 'day' : 'week')
  const today = polandDateKey(now)
  const date = state.date ?? today
  const days = rangeDays(range, date)
  const calendar = state.view === 'calendar'
  const paged = tab === 'scheduled' ? null : tab === 'closed' ? 'finished' : 'group'
  const query: LessonPageQuery = calendar
    ? { dateFrom: days.from, dateTo: days.to, page: 1, perPage: CALENDAR_PER_PAGE }
    : { page: state.page, perPage: PER_PAGE }
  const scheduled = useScheduledLessons(paged === null)
  const page = useLessonPage(paged ?? 'finished', query, paged !== null)
  const source: UseQueryResult<unknown> = paged === null ? scheduled : page
  const savedAt = paged === null ? scheduled.data?.savedAt : page.data?.savedAt
  // Scheduled: soonest first; a lesson that has ended since the list came (or a cancelled one kept
  // from an older answer) is no longer scheduled.
  const lessons: Lesson[] | undefined =
    paged === null
      ? scheduled.data?.lessons.filter((lesson) => lessonTab(lesson, now) === 'scheduled').sort(byStart)
      : page.data?.data
  // The list layer answers from the device's copies when the network fails, so a network failure
  // that reaches the query means none was saved. Offline its retry waits (paused) for the
  // connection: without this the list would be a skeleton until then.
  const failure = source.error ?? source.failureReason
  const notSaved = failure instanceof ApiError && failure.kind === 'network'

  const content = (shown: Lesson[]) =>
    calendar ? (
      <Suspense fallback={<LessonsSkeleton />}>
        <LessonCalendar
          days={days.days}
          lessons={shown.filter((lesson) => days.days.includes(lessonDay(lesson)))}
          today={today}
        />
      </Suspense>
    ) : (
      <LessonList lessons={shown} mobile={mobile} tab={tab} empty={empty} />
    )

  return (
    <Stack gap="md">
      {typeof savedAt === 'number' && <SavedCopyNotice savedAt={savedAt} />}
      {calendar && (
        <Suspense fallback={null}>
          <CalendarToolbar
            range={range}
            date={date}
            today={today}
            onDate={(next) => update({ date: next })}
            onRange={(next) => update({ range: next }, { push: true })}
          />
        </Suspense>
      )}
      {lessons === undefined ? (
        notSaved ? (
          <NotSavedNotice />
        ) : source.isError ? (
          <LessonsError error={source.error} onRetry={() => void source.refetch()} />
        ) : (
          <LessonsSkeleton />
        )
      ) : (
        content(lessons)
      )}
      {!calendar && paged !== null && page.data && page.data.lastPage > 1 && (
        <PagePicker
          page={state.page}
          lastPage={page.data.lastPage}
          onPage={(next) => update({ page: next }, { push: true })}
        />
      )}
    </Stack>
  )
}

function PagePicker({
  page,
  lastPage,
  onPage,
}: {
  page: number
  lastPage: number
  onPage: (n: number) => void
}) {
  const { t } = useLingui()
  return (
    <Pagination
      total={lastPage}
      value={Math.min(page, lastPage)}
      onChange={onPage}
      getItemProps={(n) => ({ 'aria-label': t`Strona ${n}` })}
      getControlProps={(control) => ({
        'aria-label':
          control === 'next' ? t`Następna strona` : control === 'previous' ? t`Poprzednia strona` : undefined,
      })}
      withEdges={false}
      aria-label={t`Strony listy lekcji`}
    />
  )
}
