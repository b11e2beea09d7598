import '@mantine/core/styles/Container.css'
import { Trans } from '@lingui/react/macro'
import { Box, Button, Container, Stack } from '@mantine/core'
import { hashKey, useQueryClient } from '@tanstack/react-query'
import { Suspense, useDeferredValue, useEffect } from 'react'
import { ApiError } from '../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../api/error-messages.ts'
import { useOutboxSync } from '../api/outbox-sync.ts'
import { answeredThisVisit, profileQueryOptions, useProfile } from '../api/profile.ts'
import { type Session, useSession } from '../api/session.ts'
import { BanWarn } from '../features/ban-warn/ban-warn.tsx'
import { MissingDataReminder } from '../features/reminders/missing-data-reminder.tsx'
import { ScheduleNotice } from '../features/schedule-notice/schedule-notice.tsx'
import { FormError } from '../ui/form-error.tsx'
import { Message } from '../ui/message.tsx'
import { PageLoader } from '../ui/page-loader.tsx'
import { ServerErrorAlert } from '../ui/server-error-alert.tsx'
import { SkipLink } from '../ui/skip-link.tsx'
import { AppLoader } from './app-loader.tsx'
import { DashboardScreens } from './dashboard-screens.tsx'
import { prefetchSignedInData } from './signed-in-prefetch.ts'
import { TopNav } from './top-nav.tsx'
import { useAdoptProfileLocale } from './use-profile-locale.ts'

/** Warms what the screens need, so it is also there offline. */
function usePrefetchSignedInData(session: Session | null) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (session) prefetchSignedInData(queryClient, session)
  }, [queryClient, session])
}

/** Where the skip link leads. */
const MAIN_ID = 'main-content'

/**
 * The signed-in shell: top navigation and the current screen. A screen shows only once the
 * profile is known, because its access rules (product-rules.md "Navigation guard") depend on it.
 */
export function DashboardLayout() {
  const profile = useProfile()
  const session = useSession()
  usePrefetchSignedInData(session)
  // What was written offline goes out at start and whenever it can (architecture.md "Offline").
  useOutboxSync()
  // The language follows the profile as the server gave it since this page loaded, not the
  // device's persisted copy, which may predate a language saved just before a reload.
  const profileHash = hashKey(profileQueryOptions(session).queryKey)
  useAdoptProfileLocale(answeredThisVisit(profileHash) ? profile.data : undefined)
  // The profile's answer renders the whole dashboard as a transition, in slices that yield to the
  // browser: an answer of TanStack Query would otherwise render it in one long task.
  const shown = useDeferredValue(profile.data)

  if (shown === undefined) {
    const error =
      profile.error instanceof ApiError ? apiErrorMessage(profile.error) : codeMessage('server_error')
    return (
      <Container size="sm" py="xl">
        {profile.isError && profile.data === undefined ? (
          <Stack>
            <FormError>
              <Message of={error} />
            </FormError>
            <Button variant="default" onClick={() => void profile.refetch()} loading={profile.isFetching}>
              <Trans>Spróbuj ponownie</Trans>
            </Button>
          </Stack>
        ) : (
          <PageLoader label={<Trans>Wczytujemy Twoje konto…</Trans>} />
        )}
      </Container>
    )
  }

  return (
    <Box mih="100dvh" bg="gray.0">
      <SkipLink targetId={MAIN_ID} />
      <TopNav profile={shown} />
      <Container
        size="xl"
        py={{ base: 'lg', sm: 'xl' }}
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        style={{ outline: 'none' }}
      >
        <Stack gap="lg">
          <ServerErrorAlert />
          {/* The navigation stays while a screen's chunk downloads. */}
          <Suspense fallback={<AppLoader />}>
            <DashboardScreens />
          </Suspense>
        </Stack>
      </Container>
      {/* The ban/warning at start (product-rules.md "Warning and ban"); the missing-data reminder
          on my-lessons, whatever it shows; the teachers' schedule-change notice after login. */}
      <BanWarn profile={shown} />
      <MissingDataReminder profile={shown} />
      <ScheduleNotice profile={shown} />
    </Box>
  )
}
