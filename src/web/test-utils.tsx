import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { theme } from './config/theme.ts'

/**
 * Renders one screen with the app's providers at a given path (unit tests only); its queries do not
 * retry, unless the test brings a client of its own (e.g. with the app's retry and network rules).
 */
export function renderScreen(
  path: string,
  pattern: string,
  screen: ReactNode,
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  }),
) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: screen },
      { path: '*', element: null },
    ],
    { initialEntries: [path] },
  )
  return render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>,
  )
}
