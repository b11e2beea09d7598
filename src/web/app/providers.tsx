import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import type { ReactNode } from 'react'
import { confirmProfile } from '../api/profile.ts'
import { persistOptions, queryClient } from '../api/query-client.ts'
import { cssVariablesResolver, theme } from '../config/theme.ts'
import { AppErrorBoundary } from './error-boundary.tsx'
import { Toasts } from './toasts.tsx'

/** Theme, translations, notifications and the persisted server-state cache, around everything. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <I18nProvider i18n={i18n}>
        <AppErrorBoundary>
          <PersistQueryClientProvider
            client={queryClient}
            persistOptions={persistOptions}
            onSuccess={() => confirmProfile(queryClient)}
          >
            <Toasts />
            {children}
          </PersistQueryClientProvider>
        </AppErrorBoundary>
      </I18nProvider>
    </MantineProvider>
  )
}
