// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dictionaryKeys } from '../../api/dictionaries.ts'
import { activateLocale } from '../../app/i18n.ts'
import { theme } from '../../app/theme.ts'
import { ScheduleConfirmDialog } from './schedule-confirm-dialog.tsx'
import { fakeApi, languages, levels, slotId, TEACHER_ID, teacherSummary } from './test-server.ts'

function show(preset: { language: number | null; level: number | null }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(dictionaryKeys.languages(), languages)
  queryClient.setQueryData(dictionaryKeys.levels(), levels)
  const dialog = (
    <ScheduleConfirmDialog
      opened
      onClose={() => undefined}
      teacherId={TEACHER_ID}
      taught={teacherSummary.taught_languages}
      slots={[{ id: slotId(1), date: '2026-11-25', time: '08:00' }]}
      preset={preset}
      onBooked={() => undefined}
      onStale={() => undefined}
    />
  )
  const router = createMemoryRouter([{ path: '/', element: dialog }])
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>,
  )
}

const optionsOf = (label: string) => {
  const input = screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' })
  fireEvent.click(input)
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '')
  if (!listbox) throw new Error(`no options for ${label}`)
  return within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent)
}

describe('ScheduleConfirmLessons (spec §5 schedule confirm)', () => {
  beforeEach(() => activateLocale('pl'))
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it("lists the chosen slots and offers the teacher's languages and the levels up to theirs", () => {
    show({ language: 2, level: null })
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText('środa 25.11, 08:00')).toBeTruthy()
    expect(optionsOf('Język lekcji')).toEqual(['Angielski', 'Niemiecki'])
    expect(optionsOf('Poziom')).toEqual(['A1', 'A2', 'B1', 'B2'])
  })

  it('requires a level before anything is sent', () => {
    const sent = fakeApi({})
    show({ language: 2, level: null })
    fireEvent.click(screen.getByRole('button', { name: 'Umów lekcje' }))
    expect(screen.getByText('To pole jest wymagane')).toBeTruthy()
    expect(sent).toEqual([])
  })
})
