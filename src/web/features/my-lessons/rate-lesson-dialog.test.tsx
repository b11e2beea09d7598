// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { lessonKeys } from '../../api/lessons.ts'
import { activateLocale } from '../../config/i18n.ts'
import { invalidated, renderDialog } from '../../test-support/dialog-test-harness.tsx'
import { finishedLessonFixture } from '../../test-support/lesson-fixture.ts'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { RateLessonDialog } from './rate-lesson-dialog.tsx'

const finished = finishedLessonFixture()
const ok = { status: 200, body: { data: finished } }

function open(lesson = finished) {
  signInAs(studentProfile())
  const onClose = vi.fn()
  const rendered = renderDialog(<RateLessonDialog lesson={lesson} onClose={onClose} />, { role: 'student' })
  rendered.queryClient.setQueryData(lessonKeys.page('finished', { page: 1, perPage: 20 }), {})
  return { ...rendered, onClose }
}

const dialog = () => screen.getByRole('dialog')
const star = (n: number) => within(dialog()).getByRole('radio', { name: `${n} z 5` })
/** A click on the star itself (its label), as a pointer user does. */
function pick(n: number) {
  const label = document.querySelector(`label[for="${star(n).id}"]`)
  if (!label) throw new Error(`no star ${n}`)
  fireEvent.click(label)
}
const checked = (n: number) => star(n).matches(':checked')
const comment = () => within(dialog()).getByLabelText(/Komentarz/)

describe('RateLesson', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('creates a rating only with both stars and a comment', async () => {
    const sent = routeFetch({ 'POST /api/v1/ratings/create': ok })
    const { onClose, queryClient } = open()
    expect(screen.getByRole('dialog', { name: 'Oceń lekcję' })).toBeTruthy()
    const submit = () => within(dialog()).getByRole('button', { name: 'Wyślij ocenę' })
    expect(submit().hasAttribute('disabled')).toBe(true)
    pick(4)
    expect(submit().hasAttribute('disabled')).toBe(true)
    fireEvent.change(comment(), { target: { value: 'x'.repeat(256) } })
    expect(submit().hasAttribute('disabled')).toBe(true)
    fireEvent.change(comment(), { target: { value: 'Ciekawa lekcja' } })
    expect(submit().hasAttribute('disabled')).toBe(false)
    fireEvent.click(submit())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ lesson_id: finished.id, value: 4, comment: 'Ciekawa lekcja' })
    expect(sent[0]?.headers['idempotency-key']).toBeTruthy()
    expect(await screen.findByText('Dziękujemy za ocenę lekcji')).toBeTruthy()
    expect(invalidated(queryClient, lessonKeys.page('finished', { page: 1, perPage: 20 }))).toBe(true)
  })

  it('offers the stars as a labelled radio group that the keyboard can set', () => {
    routeFetch({})
    open()
    const group = within(dialog()).getByRole('radiogroup', { name: /Ocena/ })
    expect(within(group).getByRole('radio', { name: 'Brak oceny' })).toBeTruthy()
    expect(within(group).getAllByRole('radio', { name: /z 5$/ })).toHaveLength(5)
    fireEvent.keyDown(star(3), { key: 'Enter' })
    expect(checked(3)).toBe(true)
    fireEvent.keyDown(star(2), { key: ' ' })
    expect(checked(2)).toBe(true)
  })

  it('previews the stars under the pointer without setting them', () => {
    routeFetch({})
    open()
    const group = within(dialog()).getByRole('radiogroup', { name: /Ocena/ })
    fireEvent.mouseEnter(group)
    // happy-dom has no layout: any pointer position reads as the last star.
    fireEvent.mouseMove(group, { clientX: 10 })
    expect(within(dialog()).getByText('5/5')).toBeTruthy()
    expect(checked(5)).toBe(false)
    fireEvent.mouseLeave(group)
    expect(within(dialog()).queryByText('5/5')).toBeNull()
  })

  it('updates an existing rating, filled in', async () => {
    const sent = routeFetch({ 'POST /api/v1/ratings/update': ok })
    const { onClose } = open(finishedLessonFixture({ rating: { value: 3, comment: 'Dobrze' } }))
    expect(screen.getByRole('dialog', { name: 'Zmień ocenę lekcji' })).toBeTruthy()
    expect(checked(3)).toBe(true)
    expect(within(dialog()).getByDisplayValue('Dobrze')).toBe(comment())
    pick(5)
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Zapisz ocenę' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.path).toBe('/api/v1/ratings/update')
    expect(sent[0]?.body).toEqual({ lesson_id: finished.id, value: 5, comment: 'Dobrze' })
  })

  it('stays open with the reason when the server refuses', async () => {
    routeFetch({
      'POST /api/v1/ratings/create': {
        status: 409,
        body: { error: 'This lesson has already been rated', code: 'rating_exists' },
      },
    })
    const { onClose } = open()
    pick(5)
    fireEvent.change(comment(), { target: { value: 'Super' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Wyślij ocenę' }))
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(
      'Ta lekcja została już oceniona',
    )
    expect(onClose).not.toHaveBeenCalled()
  })
})
