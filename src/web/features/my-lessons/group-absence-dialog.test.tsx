// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { lessonKeys } from '../../api/lessons.ts'
import { activateLocale } from '../../config/i18n.ts'
import { invalidated, renderDialog } from '../../test-support/dialog-test-harness.tsx'
import { lessonFixture } from '../../test-support/lesson-fixture.ts'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { GroupAbsenceDialog } from './group-absence-dialog.tsx'

const SAY = 'POST /api/v1/lessons/group_absence'
const CLASS_ID = '30000000-0000-4000-8000-000000000001'

const meeting = (absentAt: string | null = null) =>
  lessonFixture({
    is_group: true,
    scheduled_at: '2026-11-28T17:00:00.000Z',
    ends_at: '2026-11-28T18:30:00.000Z',
    group: { class_id: CLASS_ID, title: 'Angielski w firmie B1', absent_at: absentAt },
  })

function open(lesson: Lesson) {
  signInAs(studentProfile({ only_group_lessons: true }))
  const onClose = vi.fn()
  const rendered = renderDialog(<GroupAbsenceDialog lesson={lesson} onClose={onClose} />, { role: 'student' })
  rendered.queryClient.setQueryData(lessonKeys.list('group'), {})
  return { ...rendered, onClose }
}

describe('GroupAbsence', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('tells the teacher the student will not come, without a penalty, and refreshes the group list', async () => {
    const lesson = meeting()
    const sent = routeFetch({ [SAY]: { status: 200, body: { data: meeting('2026-11-26T12:00:00.000Z') } } })
    const { onClose, queryClient } = open(lesson)
    const dialog = screen.getByRole('dialog', { name: 'Nie przyjdę na te zajęcia' })
    expect(within(dialog).getByText(/nie ma za to żadnej kary/)).toBeTruthy()
    expect(within(dialog).getByText('Zajęcia: Angielski w firmie B1')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nie przyjdę' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ lesson_id: lesson.id, absent: true })
    expect(sent[0]?.headers['idempotency-key']).toBeTruthy()
    expect(await screen.findByText('Lektor wie, że nie przyjdziesz')).toBeTruthy()
    expect(invalidated(queryClient, lessonKeys.list('group'))).toBe(true)
  })

  it('takes the word back when the student said they would not come', async () => {
    const lesson = meeting('2026-11-26T10:00:00.000Z')
    const sent = routeFetch({ [SAY]: { status: 200, body: { data: meeting() } } })
    const { onClose } = open(lesson)
    const dialog = screen.getByRole('dialog', { name: 'Jednak przyjdę' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Przyjdę' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ lesson_id: lesson.id, absent: false })
  })

  it('stays open with the server’s reason when the meeting has started meanwhile', async () => {
    routeFetch({ [SAY]: { status: 409, body: { error: 'Lesson started', code: 'lesson_started' } } })
    const { onClose } = open(meeting())
    const dialog = screen.getByRole('dialog', { name: 'Nie przyjdę na te zajęcia' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nie przyjdę' }))
    expect(await within(dialog).findByRole('alert')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })
})
