import { lessonResponse, MATERIAL_FIELDS } from '../../domain/api/my-lessons.ts'
import { idempotent } from './my-lesson-writes.ts'
import { postMultipart, type UploadProgress } from './upload.ts'

// A lesson material's upload, apart from the other my-lessons writes: the offline outbox (loaded
// on every dashboard page) replays those, and needs no multipart upload code.

export type MaterialInput = { lesson_id: string; file: Blob; filename: string }
export type UploadControl = { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void }

/**
 * Multipart POST /lessons/update ({lesson_id, lesson_note_file, lesson_note_filename}): the two
 * text fields as plain parts under the API's names, the file in `lesson_note_file`. With progress
 * and cancel (design.md "Uploads").
 */
export const uploadMaterial = (input: MaterialInput, idempotencyKey: string, control: UploadControl = {}) =>
  postMultipart('/lessons/update', lessonResponse, {
    fields: { [MATERIAL_FIELDS.lessonId]: input.lesson_id, [MATERIAL_FIELDS.filename]: input.filename },
    files: { [MATERIAL_FIELDS.file]: input.file },
    headers: idempotent(idempotencyKey),
    inline: true,
    signal: control.signal,
    onProgress: control.onProgress,
  }).then((answer) => answer.data)
