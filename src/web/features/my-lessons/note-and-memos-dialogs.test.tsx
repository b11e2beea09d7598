// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { lessonKeys } from '../../api/lessons.ts'
import { activateLocale } from '../../config/i18n.ts'
import { invalidated, renderDialog } from '../../test-support/dialog-test-harness.tsx'
import {
  finishedLessonFixture,
  lessonFixture,
  teacherLessonFixture,
} from '../../test-support/lesson-fixture.ts'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { type Answer, routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { AddNoteDialog } from './add-note-dialog.tsx'
import { LessonMemosDialog } from './lesson-memos-dialog.tsx'

const UPDATE = 'POST /api/v1/lessons/update'
const updated = (lesson: Lesson): Answer => ({ status: 200, body: { data: lesson } })
const lists = [lessonKeys.list('scheduled'), lessonKeys.page('finished', { page: 1, perPage: 20 })]

function open(dialog: 'note' | 'memos', lesson: Lesson, role: 'student' | 'teacher' = 'student') {
  signInAs(role === 'student' ? studentProfile() : teacherProfile())
  const onClose = vi.fn()
  const Dialog = dialog === 'note' ? AddNoteDialog : LessonMemosDialog
  const rendered = renderDialog(<Dialog lesson={lesson} onClose={onClose} />, { role })
  for (const key of lists) rendered.queryClient.setQueryData(key, {})
  return { ...rendered, onClose }
}

const dialog = () => screen.getByRole('dialog')
const button = (name: string) => within(dialog()).getByRole('button', { name })

describe('AddNote: the student’s message to the teacher', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('is disabled while empty, saves the message and refreshes the scheduled list', async () => {
    const lesson = lessonFixture()
    const sent = routeFetch({ [UPDATE]: updated({ ...lesson, note: 'Powtórzyć czasy' }) })
    const { onClose, queryClient } = open('note', lesson)
    expect(within(dialog()).getByRole('heading', { name: 'Wiadomość dla lektora' })).toBeTruthy()
    // The dialog says who reads it.
    expect(within(dialog()).getByText(/^Anna Nowak zobaczy ją przy tej lekcji/)).toBeTruthy()
    const note = within(dialog()).getByLabelText('Twoja wiadomość')
    expect(button('Zapisz wiadomość').hasAttribute('disabled')).toBe(true)
    fireEvent.change(note, { target: { value: '  ' } })
    expect(button('Zapisz wiadomość').hasAttribute('disabled')).toBe(true)
    fireEvent.change(note, { target: { value: 'Powtórzyć czasy' } })
    fireEvent.click(button('Zapisz wiadomość'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ lesson_id: lesson.id, note: 'Powtórzyć czasy' })
    expect(await screen.findByText('Wiadomość dla lektora została zapisana')).toBeTruthy()
    expect(invalidated(queryClient, lessonKeys.list('scheduled'))).toBe(true)
    expect(queryClient.getQueryData(lessonKeys.detail(lesson.id))).toMatchObject({ note: 'Powtórzyć czasy' })
  })

  it('shows the current message and stays open with the error when the lesson was cancelled', async () => {
    routeFetch({
      [UPDATE]: { status: 422, body: { error: 'This lesson has been cancelled', code: 'lesson_cancelled' } },
    })
    const { onClose } = open('note', lessonFixture({ note: 'Stara wiadomość' }))
    const note = within(dialog()).getByLabelText('Twoja wiadomość (zapis zastąpi obecną)')
    expect(within(dialog()).getByDisplayValue('Stara wiadomość')).toBe(note)
    expect(button('Zapisz wiadomość').hasAttribute('disabled')).toBe(true)
    fireEvent.change(note, { target: { value: 'Nowa wiadomość' } })
    fireEvent.click(button('Zapisz wiadomość'))
    expect((await within(dialog()).findByRole('alert')).textContent).toContain('Ta lekcja została odwołana')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('says beside the field that a pasted NUL cannot be saved, and keeps the message from being sent', () => {
    const sent = routeFetch({ [UPDATE]: updated(lessonFixture()) })
    open('note', lessonFixture())
    fireEvent.change(within(dialog()).getByLabelText('Twoja wiadomość'), { target: { value: 'Czasy\u0000' } })
    expect(within(dialog()).getByText('Tekst zawiera znak, którego nie można zapisać')).toBeTruthy()
    expect(button('Zapisz wiadomość').hasAttribute('disabled')).toBe(true)
    expect(sent).toEqual([])
  })
})

describe('LessonMemos: the teacher’s notes for the student, the student’s own', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('lets the teacher write notes for the student, saying the student reads them', async () => {
    const lesson = teacherLessonFixture({ teacher_memos: null })
    const sent = routeFetch({ [UPDATE]: updated(lesson) })
    const { onClose, queryClient } = open('memos', lesson, 'teacher')
    expect(within(dialog()).getByRole('heading', { name: 'Notatki dla kursanta' })).toBeTruthy()
    expect(within(dialog()).getByText(/^Julia Jankowska zobaczy je przy tej lekcji/)).toBeTruthy()
    const memo = within(dialog()).getByLabelText('Notatki dla kursanta')
    expect(button('Zapisz notatki').hasAttribute('disabled')).toBe(true)
    fireEvent.change(memo, { target: { value: 'y'.repeat(256) } })
    expect(button('Zapisz notatki').hasAttribute('disabled')).toBe(true)
    fireEvent.change(memo, { target: { value: 'Czas przeszły' } })
    fireEvent.click(button('Zapisz notatki'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ lesson_id: lesson.id, teacher_memos: 'Czas przeszły' })
    expect(await screen.findByText('Notatki zostały zapisane')).toBeTruthy()
    expect(invalidated(queryClient, lessonKeys.list('scheduled'))).toBe(true)
  })

  it('lets the student keep own notes, says nobody else reads them, and refreshes the closed list', async () => {
    const lesson = finishedLessonFixture({ teacher_memos: 'Dobra robota' })
    const sent = routeFetch({ [UPDATE]: updated(lesson) })
    const { onClose, queryClient } = open('memos', lesson)
    expect(within(dialog()).getByRole('heading', { name: 'Moje notatki' })).toBeTruthy()
    expect(within(dialog()).getByText(/^Widzisz je tylko Ty\./)).toBeTruthy()
    fireEvent.change(within(dialog()).getByLabelText('Moje notatki'), { target: { value: 'Dziękuję' } })
    fireEvent.click(button('Zapisz notatki'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ lesson_id: lesson.id, student_memos: 'Dziękuję' })
    expect(invalidated(queryClient, lessonKeys.page('finished', { page: 1, perPage: 20 }))).toBe(true)
    expect(invalidated(queryClient, lessonKeys.list('scheduled'))).toBe(false)
  })
})
