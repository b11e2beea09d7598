// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { ItTeachersScreen } from './it-teachers-screen.tsx'

const LIST = 'GET /api/v1/teachers/it_teachers'
const TEACHER_ID = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'
const magdalena = {
  id: TEACHER_ID,
  first_name: 'Magdalena',
  last_name: 'Kamińska',
  average_rating: 4.75,
  image_url: null,
  taught_languages: [{ id: 1, level: { id: 5 } }],
  not_accepting_new_students: false,
  next_free_slot: null,
  it_language_ids: [1],
}
const dictionaries = {
  'GET /api/v1/languages/list': {
    status: 200,
    body: { data: [{ id: 1, name: 'English', name_pl: 'angielski', conjugated_name: 'angielskiego' }] },
  },
  'GET /api/v1/levels/list': { status: 200, body: { data: [{ id: 5, name: 'C1' }] } },
}

const show = () => renderScreen('/dashboard/it-teachers', '/dashboard/it-teachers', <ItTeachersScreen />)

describe('IT teachers screen', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAs(studentProfile({ company_name: 'Partner' }))
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows each teacher with rating, languages and links to the summary and to booking', async () => {
    routeFetch({ ...dictionaries, [LIST]: { status: 200, body: { data: [magdalena] } } })
    show()
    const card = await screen.findByRole('listitem', { name: 'Magdalena Kamińska' })
    expect(within(card).getByRole('link', { name: 'Magdalena Kamińska' }).getAttribute('href')).toBe(
      `/dashboard/teacher/${TEACHER_ID}`,
    )
    expect(
      within(card).getByRole('link', { name: 'Umów lekcję: Magdalena Kamińska' }).getAttribute('href'),
    ).toBe(`/dashboard/set-lessons?teacher=${TEACHER_ID}`)
    expect(within(card).getByText('4,8')).toBeTruthy()
    expect(await within(card).findByText(/Angielski C1/)).toBeTruthy()
    // The card says what makes the teacher an IT teacher.
    expect(within(card).getByText('Specjalizacja IT: Angielski')).toBeTruthy()
  })

  it('does not offer booking with a teacher who does not take the student, and says why', async () => {
    const closed = { ...magdalena, not_accepting_new_students: true }
    routeFetch({ ...dictionaries, [LIST]: { status: 200, body: { data: [closed] } } })
    show()
    const card = await screen.findByRole('listitem', { name: 'Magdalena Kamińska' })
    expect(within(card).getByText(/tylko kursanci dodani przez lektora/)).toBeTruthy()
    expect(within(card).queryByRole('link', { name: 'Umów lekcję: Magdalena Kamińska' })).toBeNull()
  })

  it('says so when there is nobody to show', async () => {
    routeFetch({ ...dictionaries, [LIST]: { status: 200, body: { data: [] } } })
    show()
    expect(await screen.findByText(/Nie ma teraz dostępnych lektorów IT/)).toBeTruthy()
  })

  it('shows the error with a retry that loads the list again', async () => {
    let calls = 0
    routeFetch({
      ...dictionaries,
      [LIST]: () => {
        calls += 1
        return calls === 1
          ? { status: 403, body: { error: 'Forbidden', code: 'forbidden' } }
          : { status: 200, body: { data: [magdalena] } }
      },
    })
    show()
    expect((await screen.findByRole('alert')).textContent).toContain('Nie masz uprawnień')
    fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }))
    expect(await screen.findByRole('link', { name: 'Magdalena Kamińska' })).toBeTruthy()
  })
})
