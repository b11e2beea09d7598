// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dictionaryKeys } from '../../api/dictionaries.ts'
import { activateLocale } from '../../config/i18n.ts'
import { theme } from '../../config/theme.ts'
import { finishedLessonFixture, lessonId } from '../../test-support/lesson-fixture.ts'
import {
  fakeApi,
  languages,
  levels,
  slotId,
  TEACHER_ID,
  teacherSummary,
} from '../../test-support/scheduling-test-server.ts'
import type { BookingPreset } from './confirm-options.ts'
import { ScheduleConfirmDialog } from './schedule-confirm-dialog.tsx'
import type { PickedSlot } from './slot-selection.ts'

/** The dialog over a selection it can shrink, as the teacher's week holds it. */
function Chosen(props: { initial: PickedSlot[]; preset: BookingPreset }) {
  const [slots, setSlots] = useState(props.initial)
  return (
    <>
      <output data-testid="chosen">{slots.map((slot) => slot.time).join(' ')}</output>
      <ScheduleConfirmDialog
        opened
        onClose={() => undefined}
        teacherId={TEACHER_ID}
        taught={teacherSummary.taught_languages}
        slots={slots}
        preset={props.preset}
        onBooked={() => undefined}
        onRefused={(ids) => setSlots((current) => current.filter((slot) => !ids.includes(slot.id)))}
        onStale={() => undefined}
      />
    </>
  )
}

function show(
  preset: BookingPreset,
  slots: PickedSlot[] = [{ id: slotId(1), date: '2026-11-25', time: '08:00' }],
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(dictionaryKeys.languages(), languages)
  queryClient.setQueryData(dictionaryKeys.levels(), levels)
  const router = createMemoryRouter([{ path: '/', element: <Chosen initial={slots} preset={preset} /> }])
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

describe('ScheduleConfirmLessons', () => {
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
    expect(sent.filter((request) => request.path.endsWith('/lessons/create'))).toEqual([])
  })

  it("starts with the language and level of the student's latest lesson with this teacher", async () => {
    const teacher = { id: TEACHER_ID, first_name: 'Anna', last_name: 'Nowak', image_url: null }
    const german = { id: 2, name: 'German', name_pl: 'niemiecki' }
    fakeApi({
      '/lessons/list_scheduled': {
        status: 200,
        body: {
          data: {
            lessons: [],
            voice_sample_provided: true,
            scheduled_lessons_limit_per_student: 10,
          },
        },
      },
      '/lessons/list_finished': {
        status: 200,
        body: {
          data: [
            finishedLessonFixture({ teacher, language: german, level: { id: 3, name: 'B1' } }),
            finishedLessonFixture({
              id: lessonId(2),
              scheduled_at: '2026-11-10T07:00:00.000Z',
              teacher,
              language: german,
              level: { id: 1, name: 'A1' },
            }),
          ],
          currentPage: 1,
          lastPage: 1,
          perPage: 20,
          total: 2,
        },
      },
    })
    // The search set nothing; the profile learns English first.
    show({ language: null, level: null, profileLanguage: 1 })
    const level = screen.getByLabelText(/^Poziom/, { selector: 'input' })
    await waitFor(() => expect(level).toHaveProperty('value', 'B1'))
    expect(screen.getByLabelText(/^Język lekcji/, { selector: 'input' })).toHaveProperty('value', 'Niemiecki')
  })

  // The refusal named no slot and the whole choice was stuck.
  it('says which slot the server refused and keeps the others chosen to book', async () => {
    const message = 'You already have a lesson scheduled for this date'
    const sent = fakeApi({
      '/lessons/create': {
        status: 422,
        body: { error: message, code: 'lesson_date_taken', errors: [{ field: 'time_slot_ids.1', message }] },
      },
    })
    show({ language: 2, level: 3 }, [
      { id: slotId(1), date: '2026-11-25', time: '08:00' },
      { id: slotId(4), date: '2026-11-26', time: '18:00' },
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Umów lekcje' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Masz już lekcję zaplanowaną na ten dzień')
    expect(within(alert).getByText('czwartek 26.11, 18:00')).toBeTruthy()
    expect(alert.textContent).toContain('Ten termin usunęliśmy z wyboru. Pozostałe są nadal wybrane')
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('08:00'))
    expect(sent.filter((r) => r.path.endsWith('/lessons/create')).map((request) => request.body)).toEqual([
      expect.objectContaining({ time_slot_ids: [slotId(1), slotId(4)] }),
    ])
    // The rest is booked with the same button.
    fakeApi({ '/lessons/create': { status: 201, body: { data: { lessons: [] } } } })
    expect(screen.getByRole('button', { name: 'Umów lekcje' }).hasAttribute('disabled')).toBe(false)
  })
})
