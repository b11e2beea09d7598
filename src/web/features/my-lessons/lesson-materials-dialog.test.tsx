// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { lessonKeys } from '../../api/lessons.ts'
import { activateLocale } from '../../config/i18n.ts'
import { invalidated, renderDialog } from '../../test-support/dialog-test-harness.tsx'
import { fileFixture, fileId, teacherLessonFixture } from '../../test-support/lesson-fixture.ts'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { type Answer, routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { stubUploads } from '../../test-support/test-xhr.ts'
import { LessonMaterialsDialog } from './lesson-materials-dialog.tsx'

const SHOW = 'GET /api/v1/lessons/show'
const teacherFile = fileFixture()
const studentFile = fileFixture({ id: fileId(2), filename: 'wypracowanie.docx', type: 'student' })
const lesson = teacherLessonFixture({ lesson_files: [teacherFile, studentFile] })
const answer = (shown: Lesson): Answer => ({ status: 200, body: { data: shown } })
const pdf = (name = 'gramatyka.pdf') => new File([new TextEncoder().encode('%PDF-1.7\n')], name)

function open(role: 'student' | 'teacher' = 'teacher', shown: Lesson = lesson) {
  signInAs(role === 'teacher' ? teacherProfile() : studentProfile())
  const onClose = vi.fn()
  const rendered = renderDialog(<LessonMaterialsDialog lesson={shown} onClose={onClose} />, { role })
  rendered.queryClient.setQueryData(lessonKeys.list('scheduled'), {})
  return { ...rendered, onClose }
}

const dialog = () => screen.getByRole('dialog', { name: 'Materiały do lekcji' })

function choose(file: File) {
  const input = dialog().querySelector<HTMLInputElement>('input[type=file]')
  if (!input) throw new Error('no file input')
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  fireEvent.change(input)
}

describe('lesson materials', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('downloads a file through the authenticated API and saves it under its name', async () => {
    const sent = routeFetch({
      [SHOW]: answer(lesson),
      'GET /api/v1/lessons/download_file': { status: 200, body: 'bytes' },
    })
    const saved: string[] = []
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:material')
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`)
    })
    open('student')
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Pobierz plik slowka.pdf' }))
    await waitFor(() => expect(saved).toEqual(['slowka.pdf blob:material']))
    const request = sent.find((r) => r.path.endsWith('/download_file'))
    expect(request?.query).toBe(`?lesson_id=${lesson.id}&file_id=${teacherFile.id}`)
    expect(request?.headers.authorization).toBe('Bearer test-token')
  })

  it('offers delete only on files of the own role, and no upload to a student', async () => {
    routeFetch({ [SHOW]: answer(lesson) })
    open('student')
    expect(
      within(dialog()).getByRole('button', { name: 'Więcej działań dla pliku wypracowanie.docx' }),
    ).toBeTruthy()
    expect(within(dialog()).queryByRole('button', { name: 'Więcej działań dla pliku slowka.pdf' })).toBeNull()
    expect(within(dialog()).queryByRole('button', { name: 'Dodaj materiał' })).toBeNull()
  })

  it('removes an own file with a key and shows the list the server answers', async () => {
    const sent = routeFetch({
      [SHOW]: answer(lesson),
      'GET /api/v1/lessons/remove_file': answer({ ...lesson, lesson_files: [studentFile] }),
    })
    const { queryClient } = open('teacher')
    await waitFor(() => expect(sent.some((r) => r.path.endsWith('/show'))).toBe(true))
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Więcej działań dla pliku slowka.pdf' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Usuń plik', hidden: true }))
    expect(await screen.findByText('Materiał został usunięty')).toBeTruthy()
    await waitFor(() => expect(within(dialog()).queryByText('slowka.pdf')).toBeNull())
    const removal = sent.find((r) => r.path.endsWith('/remove_file'))
    expect(removal?.query).toBe(`?lesson_id=${lesson.id}&file_id=${teacherFile.id}`)
    expect(removal?.headers['idempotency-key']).toBeTruthy()
    expect(invalidated(queryClient, lessonKeys.list('scheduled'))).toBe(true)
  })

  it('uploads a material with progress, then lists it', async () => {
    routeFetch({ [SHOW]: answer(lesson) })
    const uploads = stubUploads()
    open('teacher')
    choose(pdf())
    await waitFor(() => expect(uploads).toHaveLength(1))
    const upload = uploads[0]
    if (!upload) throw new Error('no upload')
    expect(upload.headers['idempotency-key']).toBeTruthy()
    expect(upload.body?.get('lesson_note_filename')).toBe('gramatyka.pdf')
    act(() => upload.progress(40, 100))
    expect(within(dialog()).getByRole('progressbar', { name: 'Wysyłanie pliku gramatyka.pdf' })).toBeTruthy()
    expect(within(dialog()).getByText('40%')).toBeTruthy()
    const added = fileFixture({ id: fileId(3), filename: 'gramatyka.pdf' })
    act(() => upload.answer(200, { data: { ...lesson, lesson_files: [...lesson.lesson_files, added] } }))
    expect(await screen.findByText('Materiał został dodany')).toBeTruthy()
    expect(within(dialog()).getByRole('button', { name: 'Pobierz plik gramatyka.pdf' })).toBeTruthy()
    expect(within(dialog()).queryByRole('progressbar')).toBeNull()
  })

  it('refuses a file by its content or size before sending it, saying why', async () => {
    routeFetch({ [SHOW]: answer(lesson) })
    const uploads = stubUploads()
    open('teacher')
    choose(new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0])], 'program.pdf'))
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(
      'Nie można dodać pliku program.pdf.',
    )
    choose(new File([new Uint8Array(10_485_761)], 'film.mp4'))
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toContain('10 MB'))
    expect(uploads).toHaveLength(0)
  })

  it('cancels a running upload and shows a refused one with its reason', async () => {
    routeFetch({ [SHOW]: answer(lesson) })
    const uploads = stubUploads()
    open('teacher')
    choose(pdf())
    await waitFor(() => expect(uploads).toHaveLength(1))
    act(() => uploads[0]?.progress(10, 100))
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Anuluj' }))
    expect(uploads[0]?.aborted).toBe(true)
    await waitFor(() => expect(within(dialog()).queryByRole('progressbar')).toBeNull())
    expect(within(dialog()).queryByRole('alert')).toBeNull()
    choose(pdf('trzeci.pdf'))
    await waitFor(() => expect(uploads).toHaveLength(2))
    act(() =>
      uploads[1]?.answer(422, {
        error: 'A lesson can hold at most 20 materials',
        code: 'too_many_materials',
        params: { max: '20' },
      }),
    )
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(
      'Do lekcji można dodać najwyżej 20 materiałów',
    )
  })
})
