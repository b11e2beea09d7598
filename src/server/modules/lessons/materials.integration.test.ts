import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MATERIAL_MAX_BYTES } from '../../../domain/constants.ts'
import { lessonFiles } from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import {
  addLessonAt,
  getWith,
  lessonParties,
  parseLesson,
  refusal,
  removeFile,
  uploadMaterial,
} from '../../test-support/my-lessons.ts'
import { exeFile, pdfFile, pdfOfSize, pngFile } from '../../test-support/sample-files.ts'
import { storedFiles } from '../../test-support/stored-files.ts'

// Lesson materials — the teacher uploads (multipart POST /lessons/update, product-rules.md
// "Uploads": ≤ 10 MB, types by content), both parties download, only the owner role removes
// (product-rules.md "Roles and permissions"). Never a stored file without its row nor a row without
// its file.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const HOUR = 60
const filesOf = (lessonId: string) =>
  t.database.db.select().from(lessonFiles).where(eq(lessonFiles.lessonId, lessonId))

async function setup() {
  const pair = await lessonParties(t)
  const lesson = await addLessonAt(t, pair, 24 * HOUR)
  return { ...pair, lesson }
}

describe('uploading a material', () => {
  it('stores the file and lists it on the lesson for both parties', async () => {
    const { teacher, student, lesson } = await setup()
    const bytes = pdfFile()
    const response = await uploadMaterial(t, teacher.token, {
      lessonId: lesson.id,
      filename: 'Homework 1.pdf',
      file: { bytes, filename: 'scan.pdf', type: 'application/pdf' },
    })
    expect(response.statusCode).toBe(200)
    const [file] = parseLesson(response.json()).lesson_files
    expect(file).toMatchObject({
      filename: 'Homework 1.pdf',
      type: 'teacher',
      content_type: 'pdf',
      size: bytes.length,
      created_at: '2026-03-10T09:00:00.000Z',
      file_url: `/api/v1/lessons/download_file?lesson_id=${lesson.id}&file_id=${file?.id}`,
    })
    const [row] = await filesOf(lesson.id)
    expect((await storedFiles(t.filesDir)).files).toContain(row?.storageKey)
    const shown = await getWith(t, student.token, '/lessons/show', { lesson_id: lesson.id })
    expect(parseLesson(shown.json()).lesson_files).toEqual([file])
  })

  it('names it from the uploaded file when no name is given, without path parts or control characters', async () => {
    const { teacher, lesson } = await setup()
    // Each a minute later: files are listed in upload order.
    const upload = async (file: string, filename?: string) => {
      t.clock.advance(60_000)
      return parseLesson(
        (
          await uploadMaterial(t, teacher.token, {
            lessonId: lesson.id,
            ...(filename === undefined ? {} : { filename }),
            file: { bytes: pdfFile(), filename: file },
          })
        ).json(),
      ).lesson_files.at(-1)?.filename
    }
    expect(await upload('Ćwiczenia – zestaw 2.pdf')).toBe('Ćwiczenia – zestaw 2.pdf')
    expect(await upload('x.pdf', '../../etc/passwd.pdf')).toBe('passwd.pdf')
    expect(await upload('x.pdf', 'C:\\Users\\anna\\Notes.PDF')).toBe('Notes.PDF')
    expect(await upload('x.pdf', 'Zadanie\u202Efdp.exe\u0007')).toBe('Zadaniefdp.pdf')
    expect(await upload('x.pdf', '...')).toBe('material.pdf')
    const long = await upload('x.pdf', `${'a'.repeat(300)}.pdf`)
    expect(long).toBe(`${'a'.repeat(251)}.pdf`)
  })

  it('judges the type by content: PNG bytes named .pdf are a PNG, an .exe named .pdf is refused (415)', async () => {
    const { teacher, lesson } = await setup()
    const png = await uploadMaterial(t, teacher.token, {
      lessonId: lesson.id,
      file: { bytes: pngFile(), filename: 'notes.pdf', type: 'application/pdf' },
    })
    expect(parseLesson(png.json()).lesson_files).toMatchObject([
      { filename: 'notes.png', content_type: 'png' },
    ])
    const before = await storedFiles(t.filesDir)
    const exe = await uploadMaterial(t, teacher.token, {
      lessonId: lesson.id,
      file: { bytes: exeFile(), filename: 'lesson.pdf', type: 'application/pdf' },
    })
    expect(exe.statusCode).toBe(415)
    expect(exe.json()).toMatchObject({
      code: 'unsupported_media_type',
      error: 'Unsupported file type',
      errors: [{ field: 'lesson_note_file', code: 'file_type' }],
    })
    expect(await storedFiles(t.filesDir)).toEqual(before)
    expect(await filesOf(lesson.id)).toHaveLength(1)
  })

  it('takes up to 10 MB and refuses more (413) with nothing stored', async () => {
    const { teacher, lesson } = await setup()
    const before = await storedFiles(t.filesDir)
    const tooBig = await uploadMaterial(t, teacher.token, {
      lessonId: lesson.id,
      file: { bytes: pdfOfSize(MATERIAL_MAX_BYTES + 1), filename: 'big.pdf' },
    })
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toMatchObject({
      code: 'payload_too_large',
      errors: [{ field: 'lesson_note_file', code: 'file_too_large', param: '10' }],
    })
    expect(await storedFiles(t.filesDir)).toEqual(before)
    expect(await filesOf(lesson.id)).toEqual([])
    const largest = await uploadMaterial(t, teacher.token, {
      lessonId: lesson.id,
      file: { bytes: pdfOfSize(MATERIAL_MAX_BYTES), filename: 'max.pdf' },
    })
    expect(parseLesson(largest.json()).lesson_files).toMatchObject([{ size: MATERIAL_MAX_BYTES }])
  })

  it('is for the teacher of a lesson not cancelled; a refused upload leaves no file behind', async () => {
    const { teacher, student, lesson } = await setup()
    const cancelled = await addLessonAt(t, { teacher, student }, 30 * HOUR, {
      cancelledAt: new Date('2026-03-09T10:00:00Z'),
    })
    const before = await storedFiles(t.filesDir)
    const file = { bytes: pdfFile(), filename: 'a.pdf' }
    expect(refusal(await uploadMaterial(t, student.token, { lessonId: lesson.id, file }))).toMatchObject({
      status: 403,
      code: 'forbidden',
    })
    expect(refusal(await uploadMaterial(t, teacher.token, { lessonId: cancelled.id, file }))).toMatchObject({
      status: 409,
      code: 'lesson_cancelled',
    })
    expect(refusal(await uploadMaterial(t, teacher.token, { lessonId: 'nope', file }))).toMatchObject({
      status: 400,
      code: 'validation_failed',
    })
    const noFile = await uploadMaterial(t, teacher.token, { lessonId: lesson.id })
    expect(noFile.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'lesson_note_file', code: 'required' }],
    })
    expect(await storedFiles(t.filesDir)).toEqual(before)
    expect(await filesOf(lesson.id)).toEqual([])
  })

  it('holds at most 20 materials per lesson (422 too_many_materials)', async () => {
    const { teacher, lesson } = await setup()
    const rows = Array.from({ length: 20 }, (_, i) => ({
      lessonId: lesson.id,
      ownerRole: 'teacher' as const,
      storageKey: `${crypto.randomUUID()}.pdf`,
      filename: `f${i}.pdf`,
      contentType: 'pdf',
      size: 10,
    }))
    await t.database.db.insert(lessonFiles).values(rows)
    const before = await storedFiles(t.filesDir)
    const response = await uploadMaterial(t, teacher.token, {
      lessonId: lesson.id,
      file: { bytes: pdfFile(), filename: 'one-more.pdf' },
    })
    expect(refusal(response)).toEqual({
      status: 422,
      code: 'too_many_materials',
      error: 'A lesson can hold at most 20 materials',
      params: { max: '20' },
    })
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })
})

describe('GET /lessons/download_file', () => {
  it('streams the bytes to both parties as an attachment with a safe name', async () => {
    const { teacher, student, lesson } = await setup()
    const bytes = pdfFile('Zażółć')
    const uploaded = await uploadMaterial(t, teacher.token, {
      lessonId: lesson.id,
      filename: 'Zadanie "1"; ćwiczenia.pdf',
      file: { bytes, filename: 'x.pdf' },
    })
    const [file] = parseLesson(uploaded.json()).lesson_files
    for (const token of [teacher.token, student.token]) {
      const response = await t.app.inject({
        method: 'GET',
        url: file?.file_url ?? '',
        headers: bearer(token),
      })
      expect(response.statusCode).toBe(200)
      expect(response.rawPayload.equals(bytes)).toBe(true)
      expect(response.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': String(bytes.length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        'content-disposition':
          'attachment; filename="Zadanie _1_; _wiczenia.pdf"; filename*=UTF-8\'\'Zadanie%20%221%22%3B%20%C4%87wiczenia.pdf',
      })
    }
  })

  it('serves a PNG named by its content and refines Office types by name', async () => {
    const { teacher, lesson } = await setup()
    const png = await uploadMaterial(t, teacher.token, {
      lessonId: lesson.id,
      file: { bytes: pngFile(), filename: 'notes.pdf' },
    })
    const [file] = parseLesson(png.json()).lesson_files
    const response = await t.app.inject({
      method: 'GET',
      url: file?.file_url ?? '',
      headers: bearer(teacher.token),
    })
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.headers['content-disposition']).toContain('filename="notes.png"')
  })

  it('answers 404 when the stored bytes are missing', async () => {
    const { teacher, lesson } = await setup()
    const [row] = await t.database.db
      .insert(lessonFiles)
      .values({
        lessonId: lesson.id,
        ownerRole: 'teacher',
        storageKey: `${crypto.randomUUID()}.pdf`,
        filename: 'gone.pdf',
        contentType: 'pdf',
        size: 10,
      })
      .returning()
    const response = await getWith(t, teacher.token, '/lessons/download_file', {
      lesson_id: lesson.id,
      file_id: row?.id ?? '',
    })
    expect(refusal(response)).toMatchObject({ status: 404, code: 'not_found' })
  })
})

describe('removing a material (only the owner role)', () => {
  it('deletes the row and then the bytes, by GET or POST', async () => {
    const { teacher, lesson } = await setup()
    for (const method of ['GET', 'POST'] as const) {
      const uploaded = await uploadMaterial(t, teacher.token, {
        lessonId: lesson.id,
        file: { bytes: pdfFile(), filename: `${method}.pdf` },
      })
      const [file] = parseLesson(uploaded.json()).lesson_files
      const [row] = await filesOf(lesson.id)
      const query = new URLSearchParams({ lesson_id: lesson.id, file_id: file?.id ?? '' })
      const response = await t.app.inject({
        method,
        url: `/api/v1/lessons/remove_file?${query}`,
        headers: bearer(teacher.token),
      })
      expect(response.statusCode).toBe(200)
      expect(parseLesson(response.json()).lesson_files).toEqual([])
      expect(await filesOf(lesson.id)).toEqual([])
      expect((await storedFiles(t.filesDir)).files).not.toContain(row?.storageKey)
    }
  })

  it("refuses the other role (403), another lesson's or an unknown file (404), and a HEAD", async () => {
    const { teacher, student, lesson } = await setup()
    const other = await addLessonAt(t, { teacher, student }, 48 * HOUR)
    const uploaded = await uploadMaterial(t, teacher.token, {
      lessonId: lesson.id,
      file: { bytes: pdfFile(), filename: 'a.pdf' },
    })
    const fileId = parseLesson(uploaded.json()).lesson_files[0]?.id ?? ''
    expect(refusal(await removeFile(t, student.token, { lesson_id: lesson.id, file_id: fileId }))).toEqual({
      status: 403,
      code: 'forbidden',
      error: 'You do not have permission to do this',
    })
    expect(
      refusal(await removeFile(t, teacher.token, { lesson_id: other.id, file_id: fileId })),
    ).toMatchObject({
      status: 404,
    })
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/lessons/remove_file?${new URLSearchParams({ lesson_id: lesson.id, file_id: fileId })}`,
      headers: bearer(teacher.token),
    })
    expect(head.statusCode).toBe(404)
    const unknown = { lesson_id: lesson.id, file_id: crypto.randomUUID() }
    expect(refusal(await removeFile(t, teacher.token, unknown))).toMatchObject({ status: 404 })
    expect(await filesOf(lesson.id)).toHaveLength(1)
  })
})

describe('materials with an Idempotency-Key', () => {
  it('stores an upload sent twice once, keeping no second copy of the bytes', async () => {
    const { teacher, lesson } = await setup()
    const input = { lessonId: lesson.id, file: { bytes: pdfFile('once'), filename: 'once.pdf' } }
    const first = await uploadMaterial(t, teacher.token, input, 'material-key-1')
    const files = await storedFiles(t.filesDir)
    const replay = await uploadMaterial(t, teacher.token, input, 'material-key-1')
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(first.json())
    expect(await filesOf(lesson.id)).toHaveLength(1)
    expect(await storedFiles(t.filesDir)).toEqual(files)

    const changed = { ...input, file: { bytes: pdfFile('other bytes'), filename: 'once.pdf' } }
    const reused = await uploadMaterial(t, teacher.token, changed, 'material-key-1')
    expect(refusal(reused)).toMatchObject({ status: 422, code: 'idempotency_key_reused' })
    expect(await storedFiles(t.filesDir)).toEqual(files)
  })

  it('replays a removal', async () => {
    const { teacher, lesson } = await setup()
    const uploaded = await uploadMaterial(t, teacher.token, {
      lessonId: lesson.id,
      file: { bytes: pdfFile(), filename: 'a.pdf' },
    })
    const query = { lesson_id: lesson.id, file_id: parseLesson(uploaded.json()).lesson_files[0]?.id ?? '' }
    const first = await removeFile(t, teacher.token, query, 'remove-key-1')
    const replay = await removeFile(t, teacher.token, query, 'remove-key-1')
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual(first.json())
  })
})
