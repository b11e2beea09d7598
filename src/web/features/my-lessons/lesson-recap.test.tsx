// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Recap, RecapContent } from '../../../domain/api/recaps.ts'
import { profileKeys } from '../../api/profile.ts'
import { activateLocale } from '../../config/i18n.ts'
import { clearRecapMirror, loadRecaps } from '../../offline/recaps-mirror.ts'
import { renderDialog } from '../../test-support/dialog-test-harness.tsx'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { LessonRecap } from './lesson-recap.tsx'

const LESSON = '6f1c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6'
const CONTENT: RecapContent = {
  topics: ['Zamawianie w kawiarni'],
  words: [
    { term: 'sandwich', sentence: 'I would like a sandwich.', translation: 'kanapka' },
    { term: 'I would like', sentence: 'I would like a sandwich.', translation: 'chciał(a)bym' },
  ],
  mistakes: [{ wrong: 'I want tea', right: 'I would like tea', explanation: 'Grzeczniej.' }],
  exercises: [{ prompt: 'Order a coffee.', answer: 'I would like a coffee, please.' }],
}
const recap = (values: Partial<Recap>): Recap => ({
  id: '7f0c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  lesson_id: LESSON,
  status: 'draft',
  failure_reason: null,
  content: CONTENT,
  transcript: null,
  has_transcript: true,
  publish_at: '2026-03-12T09:00:00.000Z',
  published_at: null,
  created_at: '2026-03-10T09:00:00.000Z',
  ...values,
})
const LIST = 'GET /api/v1/lessons/recaps/list'

function open(role: 'teacher' | 'student') {
  signInAs(role === 'teacher' ? teacherProfile() : studentProfile())
  return renderDialog(<LessonRecap lessonId={LESSON} />, { role })
}

describe('the lesson recap beside the recordings', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(async () => {
    cleanup()
    vi.unstubAllGlobals()
    await clearRecapMirror()
  })

  it('lets the teacher remove a word from the draft and publish it', async () => {
    const sent = routeFetch({
      [LIST]: { status: 200, body: { data: [recap({})] } },
      'POST /api/v1/lessons/recaps/update': (request) => ({
        status: 200,
        body: { data: recap({ content: (request.body as { content: RecapContent }).content }) },
      }),
      'POST /api/v1/lessons/recaps/publish': { status: 200, body: { data: recap({ status: 'published' }) } },
    })
    open('teacher')
    const panel = await screen.findByTestId('lesson-recap')
    expect(within(panel).getByText(/kursant go nie widzi/)).toBeTruthy()
    fireEvent.click(within(panel).getByRole('button', { name: 'Usuń: sandwich' }))
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Usuń: sandwich' })).toBeNull())
    const update = sent.find((r) => r.path === '/api/v1/lessons/recaps/update')
    expect(update?.body).toMatchObject({ content: { words: [{ term: 'I would like' }] } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Opublikuj podsumowanie' }))
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Opublikuj podsumowanie' })).toBeNull(),
    )
    expect(sent.some((r) => r.path === '/api/v1/lessons/recaps/publish')).toBe(true)
  })

  it("lets the teacher reword a draft's word, checked before it is sent, and cancel with Escape", async () => {
    const sent = routeFetch({
      [LIST]: { status: 200, body: { data: [recap({})] } },
      'POST /api/v1/lessons/recaps/update': (request) => ({
        status: 200,
        body: { data: recap({ content: (request.body as { content: RecapContent }).content }) },
      }),
    })
    open('teacher')
    const panel = await screen.findByTestId('lesson-recap')
    fireEvent.click(within(panel).getByRole('button', { name: 'Popraw: sandwich' }))
    const editor = within(panel).getByTestId('recap-item-editor')
    const translation = within(editor).getByLabelText('Tłumaczenie')
    expect(document.activeElement).toBe(within(editor).getByLabelText('Słowo lub zwrot'))
    fireEvent.change(translation, { target: { value: '   ' } })
    fireEvent.click(within(editor).getByRole('button', { name: 'Zapisz' }))
    expect(await within(editor).findByText('To pole jest wymagane')).toBeTruthy()
    expect(sent.some((r) => r.path === '/api/v1/lessons/recaps/update')).toBe(false)
    fireEvent.change(translation, { target: { value: ' kanapka z serem ' } })
    fireEvent.click(within(editor).getByRole('button', { name: 'Zapisz' }))
    await waitFor(() => expect(within(panel).queryByTestId('recap-item-editor')).toBeNull())
    const update = sent.find((r) => r.path === '/api/v1/lessons/recaps/update')
    expect(update?.body).toMatchObject({
      content: { words: [{ term: 'sandwich', translation: 'kanapka z serem' }, { term: 'I would like' }] },
    })
    expect(within(panel).getByText('kanapka z serem', { exact: false })).toBeTruthy()
    // Escape leaves the edit unsaved and the keyboard back on the item's button.
    fireEvent.click(within(panel).getByRole('button', { name: 'Popraw: Order a coffee.' }))
    const prompt = within(panel).getByLabelText('Polecenie')
    fireEvent.change(prompt, { target: { value: 'Order a tea.' } })
    fireEvent.keyDown(prompt, { key: 'Escape' })
    expect(within(panel).queryByTestId('recap-item-editor')).toBeNull()
    expect(within(panel).getByText('Order a coffee.')).toBeTruthy()
    expect(document.activeElement).toBe(
      within(panel).getByRole('button', { name: 'Popraw: Order a coffee.' }),
    )
    expect(sent.filter((r) => r.path === '/api/v1/lessons/recaps/update')).toHaveLength(1)
  })

  it('tells the student the recap waits for the teacher, and shows it once published', async () => {
    routeFetch({ [LIST]: { status: 200, body: { data: [recap({ content: null })] } } })
    open('student')
    expect(await screen.findByText('Podsumowanie czeka na sprawdzenie przez lektora.')).toBeTruthy()
    cleanup()
    routeFetch({ [LIST]: { status: 200, body: { data: [recap({ status: 'published' })] } } })
    open('student')
    const panel = await screen.findByTestId('recap-content')
    expect(within(panel).getByText('kanapka', { exact: false })).toBeTruthy()
    expect(within(panel).queryByRole('button', { name: /^Usuń/ })).toBeNull()
    // The student answers an exercise in the app.
    const field = within(panel).getByRole('textbox', { name: 'Twoja odpowiedź: Order a coffee.' })
    fireEvent.change(field, { target: { value: 'I want coffee' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Sprawdź' }))
    expect(within(panel).getByText('Nie całkiem. Odpowiedź: I would like a coffee, please.')).toBeTruthy()
    fireEvent.change(field, { target: { value: 'i would like a coffee please' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Sprawdź' }))
    expect(within(panel).getByText('Dobrze!')).toBeTruthy()
  })

  it('shows the student the published recap opened before when the network is gone', async () => {
    const profile = studentProfile({ ai_access: true })
    routeFetch({ [LIST]: { status: 200, body: { data: [recap({ status: 'published' })] } } })
    signInAs(profile)
    renderDialog(<LessonRecap lessonId={LESSON} />, { role: 'student' })
    expect(await screen.findByText('kanapka', { exact: false })).toBeTruthy()
    await waitFor(async () =>
      expect(await loadRecaps({ userId: profile.id, lessonId: LESSON })).not.toBeNull(),
    )
    cleanup()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    signInAs(profile)
    renderDialog(<LessonRecap lessonId={LESSON} />, { role: 'student' })
    const panel = await screen.findByTestId('recap-content')
    expect(within(panel).getByText('kanapka', { exact: false })).toBeTruthy()
    expect(screen.getByText(/Brak połączenia: to kopia podsumowania z tego urządzenia/)).toBeTruthy()
    // The words wait for the connection: no button that could only fail.
    expect(screen.queryByRole('button', { name: 'Dodaj słowa do słownika' })).toBeNull()
  })

  it("adds the published recap's words to the student's wordbook in one tap", async () => {
    const sent = routeFetch({
      [LIST]: { status: 200, body: { data: [recap({ status: 'published' })] } },
      'POST /api/v1/lessons/recaps/add_words': { status: 200, body: { data: { added: 2, total: 2 } } },
    })
    const profile = studentProfile({ ai_access: true })
    signInAs(profile)
    const { queryClient } = renderDialog(<LessonRecap lessonId={LESSON} />, { role: 'student' })
    queryClient.setQueryData(profileKeys.me(profile.role, profile.id), profile)
    fireEvent.click(await screen.findByRole('button', { name: 'Dodaj słowa do słownika' }))
    expect(await screen.findByText('Dodano do słownika nowe słowa: 2.')).toBeTruthy()
    expect(sent.find((r) => r.path === '/api/v1/lessons/recaps/add_words')?.body).toEqual({
      recap_id: recap({}).id,
    })
  })

  it('says why a recap failed to the teacher only, and that one is being prepared', async () => {
    const failed = recap({ status: 'failed', content: null, failure_reason: 'the model did not answer' })
    routeFetch({ [LIST]: { status: 200, body: { data: [failed] } } })
    open('teacher')
    expect(
      await screen.findByText('Nie udało się przygotować podsumowania (the model did not answer).'),
    ).toBeTruthy()
    cleanup()
    routeFetch({ [LIST]: { status: 200, body: { data: [recap({ status: 'preparing', content: null })] } } })
    open('student')
    expect(await screen.findByText('Podsumowanie lekcji jest przygotowywane.')).toBeTruthy()
  })
})
