import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { vi } from 'vitest'
import type { Role } from '../../domain/api/common.ts'
import { theme } from '../config/theme.ts'
import { type LessonView, LessonViewProvider } from '../features/my-lessons/lesson-view-context.tsx'

/** The dialogs' "now" unless a test gives one: after every lesson of the fixtures has ended. */
const HARNESS_NOW = Date.parse('2026-11-26T12:00:00.000Z')

// Unit tests of the my-lessons dialogs: the app's providers, a query cache the test can inspect
// (what a write refreshed) and the lesson view the screen would give.

export function renderDialog(
  dialog: ReactNode,
  options: { role: Role; now?: number; voiceSample?: boolean },
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  })
  const view: LessonView = {
    role: options.role,
    now: options.now ?? HARNESS_NOW,
    voiceSample: options.voiceSample ?? true,
    open: vi.fn(),
    isPending: () => false,
    withPendingWrites: (lesson) => lesson,
  }
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/my-lessons',
        element: <LessonViewProvider value={view}>{dialog}</LessonViewProvider>,
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/dashboard/my-lessons'] },
  )
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <Notifications />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>,
  )
  return { queryClient, router }
}

/** Whether a write marked the query stale (it was cached before). */
export const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false
