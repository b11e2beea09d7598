import '@mantine/core/styles/Tabs.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Paper, SegmentedControl, Stack, Tabs, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import type { Profile } from '../../../domain/api/profile.ts'
import { addDays, polandDateKey } from '../../../domain/poland-time.ts'
import { useLessonOutbox } from '../../api/my-lesson-mutations.ts'
import { useHasGroupLessons, useLessonPage, useScheduledLessons } from '../../api/my-lessons.ts'
import { usePageTitle } from '../../ui/use-page-title.ts'
import { LessonDialogs, type OpenDialog } from './lesson-dialogs.tsx'
import { preloadLessonTable } from './lesson-list.tsx'
import { LessonsEmpty } from './lesson-states.tsx'
import { type LessonView, LessonViewProvider } from './lesson-view-context.tsx'
import { LessonsTabPanel } from './lessons-tab-panel.tsx'
import { type LessonsTab, TABS } from './my-lessons-url.ts'
import { NextLesson } from './next-lesson.tsx'
import { OutboxRefusals } from './offline-notices.tsx'
import { withPendingWrites } from './pending-writes.ts'
import { useFocusBack } from './use-focus-back.ts'
import { useMyLessonsState } from './use-my-lessons-state.ts'
import { useNow } from './use-now.ts'

/** The next lesson may be a group meeting within this many days (the group list is newest first). */
const GROUP_LOOKAHEAD_DAYS = 14

/** Mantine's `sm` breakpoint: below it the list becomes cards and the calendar starts on a day. */
const PHONE_QUERY = '(max-width: 48em)'

type Props = {
  profile: Profile
  /** The teacher's "Mój grafik" panel (features/timetable), placed by the app below the lessons. */
  schedulePanel?: ReactNode
}

/**
 * /dashboard/my-lessons: the next lesson, then the tabs scheduled, closed and group (group only for
 * users with group lessons) as a list or a week/day calendar; tab, view, range, date and page live
 * in the URL. Each lesson's actions open their dialogs.
 */
export function MyLessonsScreen({ profile, schedulePanel }: Props) {
  const { t } = useLingui()
  const title = t`Moje lekcje`
  usePageTitle(title)
  // A student with group lessons only lands on the group tab (product-rules.md "Group lessons").
  const { state, update } = useMyLessonsState(profile.only_group_lessons ? 'group' : 'scheduled')
  const mobile = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false })
  useEffect(() => {
    if (!mobile) preloadLessonTable()
  }, [mobile])
  const now = useNow()
  const scheduled = useScheduledLessons()
  const hasGroupLessons = useHasGroupLessons().data ?? false
  const outbox = useLessonOutbox()
  const [dialog, setDialog] = useState<OpenDialog | null>(null)
  const focusBack = useFocusBack(dialog !== null)
  // The group tab is for users with the group-lessons flag or with group lessons.
  const groupTab = profile.only_group_lessons || hasGroupLessons
  const tab: LessonsTab = state.tab === 'group' && !groupTab ? 'scheduled' : state.tab
  const today = polandDateKey(now)
  const soonGroup = useLessonPage(
    'group',
    { dateFrom: today, dateTo: addDays(today, GROUP_LOOKAHEAD_DAYS - 1), page: 1, perPage: 200 },
    groupTab,
  )
  // The next lesson is the soonest of the one-to-one lessons and the group meetings.
  const upcoming = useMemo(() => {
    const single = scheduled.data?.lessons
    if (!single || !groupTab) return single
    return soonGroup.data ? [...single, ...soonGroup.data.data] : undefined
  }, [scheduled.data, soonGroup.data, groupTab])
  const voiceSample = scheduled.data?.voice_sample_provided ?? profile.voice_sample_url !== null

  const view = useMemo<LessonView>(
    () => ({
      role: profile.role,
      now,
      voiceSample,
      open: (action, lesson, returnTo) => {
        focusBack.remember(returnTo ?? null)
        setDialog({ action, lesson })
      },
      isPending: (lessonId) => outbox.pending.has(lessonId),
      withPendingWrites: (lesson) => withPendingWrites(lesson, outbox.entries),
    }),
    [profile.role, now, voiceSample, outbox, focusBack.remember],
  )

  const student = profile.role === 'student'
  const bookLink = student && profile.human_access && !profile.only_group_lessons
  // A student who cannot book (group lessons only, no human lessons) is not told to book.
  const noneScheduled = !student ? (
    <Trans>Nie masz zaplanowanych lekcji. Kursanci umawiają je w godzinach z Twojego grafiku.</Trans>
  ) : bookLink ? (
    <Trans>Nie masz zaplanowanych lekcji. Umów lekcję z lektorem, a pojawi się tutaj.</Trans>
  ) : groupTab ? (
    <Trans>Nie masz zaplanowanych lekcji indywidualnych. Lekcje grupowe są w zakładce „Grupowe”.</Trans>
  ) : (
    <Trans>Nie masz zaplanowanych lekcji.</Trans>
  )
  const empty: Record<LessonsTab, ReactNode> = {
    scheduled: noneScheduled,
    closed: <Trans>Nie masz jeszcze zakończonych ani odwołanych lekcji.</Trans>,
    group: <Trans>Nie masz lekcji grupowych.</Trans>,
  }

  return (
    <LessonViewProvider value={view}>
      <Stack gap="lg">
        <Title order={1} fz={28} ref={focusBack.fallbackRef} tabIndex={-1}>
          {title}
        </Title>
        <OutboxRefusals entries={outbox.entries} />
        <NextLesson lessons={upcoming} />
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <Tabs
            value={tab}
            // Three tabs fit one row on a 375 px phone only with narrower padding.
            styles={mobile ? { tab: { paddingInline: 'var(--mantine-spacing-xs)' } } : undefined}
            onChange={(value) => {
              const next = TABS.find((name) => name === value)
              if (next) update({ tab: next, page: 1 }, { push: true })
            }}
          >
            <Group justify="space-between" align="flex-end" gap="sm" mb="md">
              <Tabs.List aria-label={t`Rodzaje lekcji`}>
                <Tabs.Tab value="scheduled">
                  <Trans>Zaplanowane</Trans>
                </Tabs.Tab>
                <Tabs.Tab value="closed">
                  <Trans>Zakończone</Trans>
                </Tabs.Tab>
                {groupTab && (
                  <Tabs.Tab value="group">
                    <Trans>Grupowe</Trans>
                  </Tabs.Tab>
                )}
              </Tabs.List>
              <SegmentedControl
                aria-label={t`Widok lekcji`}
                value={state.view}
                onChange={(value) =>
                  update({ view: value === 'calendar' ? 'calendar' : 'list' }, { push: true })
                }
                data={[
                  { value: 'list', label: t`Lista` },
                  { value: 'calendar', label: t`Kalendarz` },
                ]}
              />
            </Group>
            {TABS.map((name) => (
              <Tabs.Panel key={name} value={name}>
                {name === tab && (
                  <LessonsTabPanel
                    tab={name}
                    state={state}
                    update={update}
                    mobile={mobile}
                    empty={
                      <LessonsEmpty bookLink={bookLink && name === 'scheduled'}>{empty[name]}</LessonsEmpty>
                    }
                  />
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Paper>
        {schedulePanel}
      </Stack>
      <LessonDialogs
        open={dialog && { ...dialog, lesson: withPendingWrites(dialog.lesson, outbox.entries) }}
        onClose={() => setDialog(null)}
      />
    </LessonViewProvider>
  )
}
