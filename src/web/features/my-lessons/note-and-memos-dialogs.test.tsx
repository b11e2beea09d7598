// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { lessonKeys } from '../../api/lessons.ts'
import { activateLocale } from '../../app/i18n.ts'
import {
  finishedLessonFixture,
  lessonFixture,
  teacherLessonFixture,
} from '../../test-support/lesson-fixture.ts'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { type Answer, routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { AddNoteDialog } from './add-note-dialog.tsx'
import { invalidated, renderDialog } from './dialog-test-harness.tsx'
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

describe('AddNote (spec §2)', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('is disabled while empty, saves the note and refreshes the scheduled list', async () => {
    const lesson = lessonFixture()
    const sent = routeFetch({ [UPDATE]: updated({ ...lesson, note: 'Powtórzyć czasy' }) })
    const { onClose, queryClient } = open('note', lesson)
    const note = within(dialog()).getByLabelText('Twoja notatka')
    expect(button('Zapisz notatkę').hasAttribute('disabled')).toBe(true)
    fireEvent.change(note, { target: { value: '  ' } })
    expect(button('Zapisz notatkę').hasAttribute('disabled')).toBe(true)
    fireEvent.change(note, { target: { value: 'Powtórzyć czasy' } })
    fireEvent.click(button('Zapisz notatkę'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ lesson_id: lesson.id, note: 'Powtórzyć czasy' })
    expect(await screen.findByText('Notatka została dodana')).toBeTruthy()
    expect(invalidated(queryClient, lessonKeys.list('scheduled'))).toBe(true)
    expect(queryClient.getQueryData(lessonKeys.detail(lesson.id))).toMatchObject({ note: 'Powtórzyć czasy' })
  })

  it('shows the current note and stays open with the error when the lesson was cancelled', async () => {
    routeFetch({
      [UPDATE]: { status: 422, body: { error: 'This lesson has been cancelled', code: 'lesson_cancelled' } },
    })
    const { onClose } = open('note', lessonFixture({ note: 'Stara notatka' }))
    const note = within(dialog()).getByLabelText('Twoja notatka (zapis zastąpi obecną)')
    expect(within(dialog()).getByDisplayValue('Stara notatka')).toBe(note)
    expect(button('Zapisz notatkę').hasAttribute('disabled')).toBe(true)
    fireEvent.change(note, { target: { value: 'Nowa notatka' } })
    fireEvent.click(button('Zapisz notatkę'))
    expect((await within(dialog()).findByRole('alert')).textContent).toContain('Ta lekcja została odwołana')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('says beside the field that a pasted NUL cannot be saved, and keeps the note from being sent', () => {
    const sent = routeFetch({ [UPDATE]: updated(lessonFixture()) })
    open('note', lessonFixture())
    fireEvent.change(within(dialog()).getByLabelText('Twoja notatka'), { target: { value: 'Czasy\u0000' } })
    expect(within(dialog()).getByText('Tekst zawiera znak, którego nie można zapisać')).toBeTruthy()
    expect(button('Zapisz notatkę').hasAttribute('disabled')).toBe(true)
    expect(sent).toEqual([])
  })
})

describe('LessonMemos (spec §2, §5)', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it("lets the teacher edit the teacher memo and read the student's", async () => {
    const lesson = teacherLessonFixture({ student_memos: 'Proszę o więcej ćwiczeń', teacher_memos: null })
    const sent = routeFetch({ [UPDATE]: updated(lesson) })
    const { onClose, queryClient } = open('memos', lesson, 'teacher')
    expect(within(dialog()).getByText('Notatka kursanta')).toBeTruthy()
    expect(within(dialog()).getByText('Proszę o więcej ćwiczeń')).toBeTruthy()
    const memo = within(dialog()).getByLabelText('Twoja notatka lektora')
    expect(button('Zapisz').hasAttribute('disabled')).toBe(true)
    fireEvent.change(memo, { target: { value: 'y'.repeat(256) } })
    expect(button('Zapisz').hasAttribute('disabled')).toBe(true)
    fireEvent.change(memo, { target: { value: 'Czas przeszły' } })
    fireEvent.click(button('Zapisz'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ lesson_id: lesson.id, teacher_memos: 'Czas przeszły' })
    expect(invalidated(queryClient, lessonKeys.list('scheduled'))).toBe(true)
  })

  it('refreshes the closed list after a memo on a finished lesson', async () => {
    const lesson = finishedLessonFixture({ teacher_memos: 'Dobra robota' })
    const sent = routeFetch({ [UPDATE]: updated(lesson) })
    const { onClose, queryClient } = open('memos', lesson)
    expect(within(dialog()).getByText('Dobra robota')).toBeTruthy()
    fireEvent.change(within(dialog()).getByLabelText('Twoja notatka kursanta'), {
      target: { value: 'Dziękuję' },
    })
    fireEvent.click(button('Zapisz'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ lesson_id: lesson.id, student_memos: 'Dziękuję' })
    expect(invalidated(queryClient, lessonKeys.page('finished', { page: 1, perPage: 20 }))).toBe(true)
    expect(invalidated(queryClient, lessonKeys.list('scheduled'))).toBe(false)
  })

  it('hides the student memo of a group lesson: the student only reads the teacher memo', () => {
    routeFetch({})
    open('memos', lessonFixture({ is_group: true, teacher_memos: 'Zadanie: str. 12' }))
    expect(within(dialog()).getByText('Zadanie: str. 12')).toBeTruthy()
    expect(within(dialog()).queryByRole('textbox')).toBeNull()
    expect(within(dialog()).queryByRole('button', { name: 'Zapisz' })).toBeNull()
    cleanup()
    open('memos', teacherLessonFixture({ is_group: true }), 'teacher')
    expect(within(dialog()).queryByText('Notatka kursanta')).toBeNull()
    expect(within(dialog()).getByLabelText('Twoja notatka lektora')).toBeTruthy()
  })
})
