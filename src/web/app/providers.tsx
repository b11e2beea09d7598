import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import type { ReactNode } from 'react'
import { TOAST_MS } from '../../domain/constants.ts'
import { persistOptions, queryClient } from '../api/query-client.ts'
import { AppErrorBoundary } from './error-boundary.tsx'
import { cssVariablesResolver, theme } from './theme.ts'

/** Theme, translations, notifications and the persisted server-state cache, around everything. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <I18nProvider i18n={i18n}>
        <AppErrorBoundary>
          <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
            <Notifications position="top-center" autoClose={TOAST_MS} containerWidth={440} />
            {children}
          </PersistQueryClientProvider>
        </AppErrorBoundary>
      </I18nProvider>
    </MantineProvider>
  )
}
