// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { teacherProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { allowedStudentsProblem, offeredStudents, toChoice } from './allowed-students-rules.ts'
import { AllowedStudentsContent } from './edit-allowed-students-dialog.tsx'

const julia = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'julia@example.com',
  first_name: 'Julia',
  last_name: 'Jankowska',
}
const adam = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'adam@example.com',
  first_name: null,
  last_name: null,
}

const routes = (allowed: unknown[], withLessons: unknown[], notAccepting: boolean) => ({
  'GET /api/v1/teacher_students/list': { status: 200, body: { data: allowed } },
  'GET /api/v1/teachers/list_students_with_lessons': { status: 200, body: { data: withLessons } },
  'POST /api/v1/teacher_students/create': { status: 200, body: { data: [julia] } },
  'POST /api/v1/teachers/update': {
    status: 200,
    body: { data: teacherProfile({ not_accepting_new_students: notAccepting }) },
  },
})

const writes = (sent: { method: string; path: string; body: unknown }[]) =>
  sent.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])

describe('allowed students rules', () => {
  it('needs at least one student only when not accepting new students', () => {
    expect(allowedStudentsProblem({ accepting: false, emails: [] })).toBe('student_required')
    expect(allowedStudentsProblem({ accepting: false, emails: ['julia@example.com'] })).toBeNull()
    expect(allowedStudentsProblem({ accepting: true, emails: [] })).toBeNull()
  })

  it('offers students with lessons and those already allowed, once each, by name', () => {
    expect(offeredStudents([julia], [adam, julia]).map((s) => s.email)).toEqual([adam.email, julia.email])
    expect(toChoice({ accepting: true, emails: [julia.email] })).toEqual({ accepting: true })
  })
})

describe('EditAllowedStudents', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAs(teacherProfile())
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('refuses to save an empty list and says so at the list', async () => {
    const sent = routeFetch(routes([], [julia, adam], true))
    renderScreen('/', '/', <AllowedStudentsContent notAccepting onDone={() => undefined} />)
    expect(await screen.findByRole('checkbox', { name: /Julia Jankowska/ })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Wybierz co najmniej jednego kursanta')
    expect(writes(sent)).toEqual([])
  })

  it('saves the chosen students first, then stops accepting new ones', async () => {
    const done = vi.fn()
    const sent = routeFetch(routes([], [julia, adam], true))
    renderScreen('/', '/', <AllowedStudentsContent notAccepting={false} onDone={done} />)
    fireEvent.click(await screen.findByRole('switch', { name: /Przyjmuję nowych kursantów/ }))
    fireEvent.click(await screen.findByRole('checkbox', { name: /Julia Jankowska/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    expect(writes(sent)).toEqual([
      ['/api/v1/teacher_students/create', { emails: [julia.email] }],
      ['/api/v1/teachers/update', { not_accepting_new_students: true }],
    ])
  })

  it('accepting new students again only clears the flag', async () => {
    const done = vi.fn()
    const sent = routeFetch(routes([julia], [julia], false))
    renderScreen('/', '/', <AllowedStudentsContent notAccepting onDone={done} />)
    // The saved list comes ticked.
    expect(await screen.findByRole('checkbox', { name: /Julia Jankowska/ })).toHaveProperty('checked', true)
    fireEvent.click(screen.getByRole('switch', { name: /Przyjmuję nowych kursantów/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    expect(writes(sent)).toEqual([['/api/v1/teachers/update', { not_accepting_new_students: false }]])
  })

  it('says when the teacher has no students yet and keeps the dialog open on a refused save', async () => {
    const done = vi.fn()
    routeFetch(routes([], [], true))
    renderScreen('/', '/', <AllowedStudentsContent notAccepting onDone={done} />)
    expect(await screen.findByText(/^Nie masz jeszcze kursantów\. Dodaj tych/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Wybierz co najmniej jednego kursanta')
    expect(done).not.toHaveBeenCalled()
  })

  // With no students yet the dialog only said so, and the teacher was stuck.
  it('adds a student by e-mail, ticked, and saves the address', async () => {
    const done = vi.fn()
    const sent = routeFetch(routes([], [], true))
    renderScreen('/', '/', <AllowedStudentsContent notAccepting onDone={done} />)
    const field = await screen.findByRole('textbox', { name: /Dodaj kursanta po adresie e-mail/ })
    fireEvent.change(field, { target: { value: 'nie-adres' } })
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj' }))
    expect(await screen.findByText('Podaj poprawny adres e-mail')).toBeTruthy()
    fireEvent.change(field, { target: { value: ' Julia@Example.com ' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(await screen.findByRole('checkbox', { name: /julia@example\.com/ })).toHaveProperty(
      'checked',
      true,
    )
    expect(screen.getByText('Dodany po adresie e-mail')).toBeTruthy()
    expect(writes(sent)).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    expect(writes(sent)).toEqual([
      ['/api/v1/teacher_students/create', { emails: ['julia@example.com'] }],
      ['/api/v1/teachers/update', { not_accepting_new_students: true }],
    ])
  })

  it('marks an added address that has no student account, and keeps the dialog open', async () => {
    const done = vi.fn()
    const message = 'No student account uses this address'
    routeFetch({
      ...routes([], [julia], true),
      'POST /api/v1/teacher_students/create': {
        status: 400,
        body: {
          error: 'Invalid input',
          code: 'validation_failed',
          errors: [{ field: 'emails.1', code: 'student_unknown', message }],
        },
      },
    })
    renderScreen('/', '/', <AllowedStudentsContent notAccepting onDone={done} />)
    fireEvent.click(await screen.findByRole('checkbox', { name: /Julia Jankowska/ }))
    const field = screen.getByRole('textbox', { name: /Dodaj kursanta po adresie e-mail/ })
    fireEvent.change(field, { target: { value: 'obcy@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj' }))
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    expect((await screen.findAllByText('Nie ma konta kursanta z tym adresem e-mail')).length).toBeGreaterThan(
      0,
    )
    // The error sits at the refused address's row, not at Julia's.
    const rowOf = (name: RegExp) => screen.getByRole('checkbox', { name }).closest('.mantine-Checkbox-root')
    expect(rowOf(/obcy@example\.com/)?.textContent).toContain('Nie ma konta kursanta z tym adresem e-mail')
    expect(rowOf(/Julia Jankowska/)?.textContent).not.toContain('Nie ma konta kursanta')
    expect(done).not.toHaveBeenCalled()
  })
})
