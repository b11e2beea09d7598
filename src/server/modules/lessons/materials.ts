import type { Readable } from 'node:stream'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import type { FileType } from '../../../domain/files.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { type ByteRange, fileTypeOfKey, type StoredFile } from '../../platform/storage.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { parseByteRange } from '../files/public.ts'
import { type ReadContext, readLesson } from './lists.ts'
import { attachmentDisposition, materialContentType } from './material-files.ts'
import type { LessonRow } from './repository.ts'
import {
  countLessonFiles,
  deleteLessonFile,
  deleteMeetingFileCopies,
  findLessonFile,
  findViewerLessonFile,
  insertLessonFile,
  lockViewerLesson,
  meetingPlaceIds,
} from './write-repository.ts'

// Lesson materials (product-rules.md "Uploads", "Roles and permissions"): the teacher uploads
// (multipart POST /lessons/update), both parties download, only the owner role deletes
// (remove_file). The bytes are stored before the row is written and deleted after the row is gone,
// so a failure leaves at worst an unreferenced file (removed by the caller), never a row without
// its file.

export const MATERIALS_MAX_PER_LESSON = 20

export type NewMaterial = { lessonId: string; filename: string; file: StoredFile }

export async function addMaterial(
  tx: Db,
  ctx: Pick<ReadContext, 'fileUrls'>,
  viewer: Viewer,
  input: NewMaterial,
  now: Date,
): Promise<Lesson> {
  // Someone else's lesson is 404 before it is 403 (the answer never tells that the id exists).
  const lesson = await lockViewerLesson(tx, viewer, input.lessonId)
  // product-rules.md "Roles and permissions": the teacher uploads materials.
  if (viewer.role !== 'teacher') throw new AppError('forbidden')
  return attachFile(tx, ctx, viewer, lesson, input, now)
}

/**
 * A file joins the lesson's materials, owned by the viewer's role (the teacher's uploads, either
 * party's screen captures), within MATERIALS_MAX_PER_LESSON. `lesson` is the viewer's, locked by
 * the caller (lockViewerLesson).
 */
export async function attachFile(
  tx: Db,
  ctx: Pick<ReadContext, 'fileUrls'>,
  viewer: Viewer,
  lesson: LessonRow,
  input: Omit<NewMaterial, 'lessonId'>,
  now: Date,
): Promise<Lesson> {
  if (lesson.cancelledAt) throw new AppError('lesson_cancelled')
  // Counted under the lesson's lock: two uploads at once cannot both take the last place.
  if ((await countLessonFiles(tx, lesson.id)) >= MATERIALS_MAX_PER_LESSON) {
    throw new AppError('too_many_materials', { params: { max: String(MATERIALS_MAX_PER_LESSON) } })
  }
  // docs/decisions.md "The group tab": the teacher's material on a meeting is a copy on every
  // student's place (the same stored bytes), so each reads and downloads it as their own lesson's.
  const shared = viewer.role === 'teacher' && lesson.groupMeetingId
  const places = shared ? await meetingPlaceIds(tx, shared) : [lesson.id]
  for (const lessonId of places) {
    await insertLessonFile(tx, {
      lessonId,
      ownerRole: viewer.role,
      storageKey: input.file.key,
      filename: input.filename,
      contentType: input.file.type,
      size: input.file.size,
      createdAt: now,
    })
  }
  return readLesson(tx, ctx, viewer, lesson.id, now)
}

/**
 * product-rules.md "Roles and permissions": "Only the owner role of a file may delete it". Returns
 * the lesson and the storage key to delete once the transaction has committed.
 */
export async function removeMaterial(
  tx: Db,
  ctx: Pick<ReadContext, 'fileUrls'>,
  viewer: Viewer,
  input: { lesson_id: string; file_id: string },
  now: Date,
): Promise<{ lesson: Lesson; storageKey: string }> {
  const lesson = await lockViewerLesson(tx, viewer, input.lesson_id)
  const file = await findLessonFile(tx, lesson.id, input.file_id)
  if (!file) throw new AppError('not_found')
  if (file.ownerRole !== viewer.role) throw new AppError('forbidden')
  // A teacher's material on a meeting goes from every place at once, and only then its bytes.
  if (viewer.role === 'teacher' && lesson.groupMeetingId) {
    await deleteMeetingFileCopies(tx, lesson.groupMeetingId, file.storageKey)
  } else {
    await deleteLessonFile(tx, file.id)
  }
  return { lesson: await readLesson(tx, ctx, viewer, lesson.id, now), storageKey: file.storageKey }
}

export type MaterialDownload = {
  stream: Readable
  contentType: string
  disposition: string
  size: number
  /** The inclusive byte range asked for (downloads keep HTTP Range), or null: all. */
  range: ByteRange | null
}

/** A material of one of the viewer's lessons, ready to stream; anyone else's is 404. */
export async function openMaterial(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  viewer: Viewer,
  input: { lesson_id: string; file_id: string },
  rangeHeader?: string,
): Promise<MaterialDownload> {
  const file = await findViewerLessonFile(ctx.db, viewer, input.lesson_id, input.file_id)
  const type: FileType | null = file ? fileTypeOfKey(file.storageKey) : null
  const found = file && type ? await ctx.storage.stat(file.storageKey) : null
  if (!file || !type || !found) throw new AppError('not_found')
  const range = parseByteRange(rangeHeader, found.size)
  return {
    range,
    stream: ctx.storage.read(file.storageKey, range ?? undefined),
    contentType: materialContentType(type, file.filename),
    disposition: attachmentDisposition(file.filename),
    size: found.size,
  }
}
