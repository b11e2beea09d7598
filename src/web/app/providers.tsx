import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import type { ReactNode } from 'react'
import { profileKeys } from '../api/profile.ts'
import { persistOptions, queryClient } from '../api/query-client.ts'
import { AppErrorBoundary } from './error-boundary.tsx'
import { cssVariablesResolver, theme } from './theme.ts'
import { Toasts } from './toasts.tsx'

// The profile saved on the device renders at once, and the server confirms it on every start: the
// device's copy is written at most once a second, so a change saved just before a reload (the
// onboarding's onboarding_completed_at, a new voice sample) would otherwise stay unseen until it
// went stale (issue #14).
// An answer already on its way (the start's prefetch) is awaited, not asked for again.
const confirmProfile = () =>
  queryClient.invalidateQueries({ queryKey: profileKeys.all }, { cancelRefetch: false })

/** Theme, translations, notifications and the persisted server-state cache, around everything. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <I18nProvider i18n={i18n}>
        <AppErrorBoundary>
          <PersistQueryClientProvider
            client={queryClient}
            persistOptions={persistOptions}
            onSuccess={confirmProfile}
          >
            <Toasts />
            {children}
          </PersistQueryClientProvider>
        </AppErrorBoundary>
      </I18nProvider>
    </MantineProvider>
  )
}
