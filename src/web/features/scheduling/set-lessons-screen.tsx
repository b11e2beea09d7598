import { useLingui } from '@lingui/react/macro'
import { Button, Stack, Title } from '@mantine/core'
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { accountAccess } from '../../../domain/account-access.ts'
import { useProfile } from '../../api/profile.ts'
import type { TeacherSearchParams } from '../../api/teacher-search.ts'
import { paths } from '../../config/paths.ts'
import { whenIdle } from '../../config/when-idle.ts'
import { lazyComponent } from '../../ui/lazy-component.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { usePageTitle } from '../../ui/use-page-title.ts'
import { clampWeek, weekBounds } from '../../ui/week-bounds.ts'
import { OnboardingOffer } from './onboarding/onboarding-offer.tsx'
import { searchTime } from './search-time.ts'
import { selectableDates } from './selectable-dates.ts'
import { TeacherFilters } from './teacher-filters.tsx'
import { TeacherResults } from './teacher-results.tsx'
import { useSetLessonsState } from './use-set-lessons-state.ts'
import { WaitlistsPanel } from './waitlists-panel.tsx'

// A teacher's week (the slot grid, the booking bar) is a chunk of its own: the list opens without
// it, and it downloads once the list has rendered and the page is idle, or when a teacher is
// chosen.
const ChosenTeacher = lazyComponent(async () => (await import('./chosen-teacher.tsx')).ChosenTeacher)

// Only a student whose access ends soon or has ended sees it: its code loads then.
const AccountAccessNotice = lazyComponent(
  async () => (await import('../../ui/account-access-notice.tsx')).AccountAccessNotice,
)

const PER_PAGE = 10

/**
 * /dashboard/set-lessons: find a teacher, choose slots in their week, book; or let the language
 * onboarding find one. `voiceRecorder`: its step 6, given by the app.
 */
export function SetLessonsScreen({ voiceRecorder }: { voiceRecorder?: ReactNode }) {
  const { t } = useLingui()
  usePageTitle(t`Umów lekcję`)
  const { state, update } = useSetLessonsState()
  useEffect(() => whenIdle(ChosenTeacher.preload, 2000), [])
  // The teacher whose week was open last: back on the list, their card takes the focus.
  const [returnedFrom, setReturnedFrom] = useState<string | null>(null)
  const profile = useProfile().data
  // The week bounds follow the day the screen opened; a reload moves them on.
  const now = useMemo(() => new Date(), [])
  const bounds = weekBounds(now)
  const activeUntil = profile?.active_until ?? null
  const dates = selectableDates(now, activeUntil)
  // Nothing can be booked once the account has expired; the screen says so, not every teacher's "no
  // free slots" (decisions.md "What a student whose account expired sees").
  const access = accountAccess(activeUntil, now).kind
  const expired = access === 'expired'
  // A student who may book one-to-one lessons may wait for a teacher's slot.
  const canWait = profile?.role === 'student' && profile.human_access
  // The language filter starts with what the student learns first (their first learned language).
  const language =
    state.language === 'any' ? null : (state.language ?? profile?.languages_learned[0]?.language_id ?? null)
  const params: TeacherSearchParams = {
    languageId: language ?? undefined,
    levelId: state.level ?? undefined,
    day: state.day && dates.includes(state.day) ? state.day : undefined,
    time: searchTime(state.from, state.to),
    page: state.page,
    perPage: PER_PAGE,
  }
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {t`Umów lekcję`}
      </Title>
      {access !== 'open' && (
        <Suspense fallback={null}>
          <AccountAccessNotice
            activeUntil={activeUntil}
            now={now}
            action={
              <Button component={Link} to={paths.myLessons} variant="default">
                {t`Moje lekcje`}
              </Button>
            }
          />
        </Suspense>
      )}
      {expired ? null : state.teacher ? (
        <Suspense fallback={<PageLoader label={t`Wczytujemy terminy…`} />}>
          <ChosenTeacher
            key={state.teacher}
            teacherId={state.teacher}
            week={clampWeek(state.week, bounds)}
            bounds={bounds}
            onWeek={(week) => update({ week })}
            onBack={() => {
              setReturnedFrom(state.teacher)
              update({ teacher: null, week: null }, { push: true })
            }}
            preset={{
              // The search's own choice; without one the teacher's lessons, then the profile, decide.
              language: typeof state.language === 'number' ? state.language : null,
              level: state.level,
              profileLanguage: profile?.languages_learned[0]?.language_id ?? null,
            }}
            canWait={canWait}
          />
        </Suspense>
      ) : (
        <>
          {canWait && (
            <WaitlistsPanel onOpen={(teacher) => update({ teacher, week: null }, { push: true })} />
          )}
          {profile?.role === 'student' && (
            <OnboardingOffer profile={profile} presetLanguage={language} voiceRecorder={voiceRecorder} />
          )}
          <TeacherFilters
            state={state}
            language={language}
            dates={dates}
            onChange={(patch) => update(patch)}
          />
          <TeacherResults
            params={params}
            onOpen={(teacher, week) => update({ teacher, week: week ?? null }, { push: true })}
            onPage={(page) => update({ page }, { push: true })}
            returnedFrom={returnedFrom}
          />
        </>
      )}
    </Stack>
  )
}
