import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import { addLessonAt, lessonParties, parseLesson, uploadMaterial } from '../../test-support/my-lessons.ts'
import { heicFile, mp4File, officeFile, pdfFile, zipFile } from '../../test-support/sample-files.ts'
import { storedFiles } from '../../test-support/stored-files.ts'

// What an upload is, the content decides — a maintained sniffer (platform/file-content.ts) after
// the shared first look; shown on lesson materials.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

async function setup() {
  const pair = await lessonParties(t)
  const lesson = await addLessonAt(t, pair, 24 * 60)
  return { ...pair, lesson }
}

describe('the content check of uploads', () => {
  /** Uploads `bytes` as `filename`; the stored material's name and served type, or the refusal. */
  async function upload(bytes: Buffer, filename: string) {
    const { teacher, lesson } = await setup()
    const response = await uploadMaterial(t, teacher.token, {
      lessonId: lesson.id,
      file: { bytes, filename },
    })
    if (response.statusCode !== 200) return { status: response.statusCode, body: response.json() }
    const [file] = parseLesson(response.json()).lesson_files
    const download = await t.app.inject({
      method: 'GET',
      url: file?.file_url ?? '',
      headers: bearer(teacher.token),
    })
    return { status: 200, name: file?.filename, type: download.headers['content-type'] }
  }

  it('tells DOCX, XLSX and PPTX apart by their contents, whatever they are named', async () => {
    expect(await upload(officeFile('docx'), 'notatki.zip')).toEqual({
      status: 200,
      name: 'notatki.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    })
    expect(await upload(officeFile('xlsx'), 'oceny.docx')).toEqual({
      status: 200,
      name: 'oceny.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    })
    expect(await upload(officeFile('pptx'), 'slajdy.pptx')).toEqual({
      status: 200,
      name: 'slajdy.pptx',
      type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    })
  })

  it('refuses a ZIP that is no Office document (415), with nothing stored', async () => {
    const before = await storedFiles(t.filesDir)
    const zip = await upload(zipFile({ 'readme.txt': 'hello', 'run.sh': 'rm -rf /' }), 'lesson.docx')
    expect(zip).toMatchObject({
      status: 415,
      body: { errors: [{ field: 'lesson_note_file', code: 'file_type' }] },
    })
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })

  it('tells HEIC photos from MP4 videos', async () => {
    expect(await upload(heicFile(), 'zdjecie.mp4')).toEqual({
      status: 200,
      name: 'zdjecie.heic',
      type: 'image/heic',
    })
    expect(await upload(mp4File(), 'film.heic')).toEqual({ status: 200, name: 'film.mp4', type: 'video/mp4' })
  })

  it('refuses a "PDF" that holds an HTML document, and one that does not end as a PDF', async () => {
    const before = await storedFiles(t.filesDir)
    const page = Buffer.from(
      '%PDF-1.4\n<html><body><script>fetch("/api/v1/users/me")</script></body></html>\n%%EOF\n',
    )
    expect(await upload(page, 'lesson.pdf')).toMatchObject({ status: 415 })
    const cut = pdfFile().subarray(0, -8)
    expect(await upload(Buffer.concat([cut, Buffer.alloc(2048)]), 'cut.pdf')).toMatchObject({ status: 415 })
    expect(await storedFiles(t.filesDir)).toEqual(before)
    expect(await upload(pdfFile(), 'ok.pdf')).toMatchObject({ status: 200, type: 'application/pdf' })
  })
})
