import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  absenceReportInputSchema,
  lessonCancelSchema,
  lessonResponse,
  lessonUpdateSchema,
  MATERIAL_FIELDS,
  removeFileQuery,
} from '../../../domain/api/my-lessons.ts'
import { currentUser } from '../../platform/auth.ts'
import { AppError } from '../../platform/errors.ts'
import { idempotencyKey, idempotentWrite, sendAnswer } from '../../platform/idempotency.ts'
import { decodeIssue, englishIssue } from '../../platform/issue-english.ts'
import type { User } from '../../platform/sessions.ts'
import { discardFiles } from '../../platform/storage.ts'
import { withUpload } from '../../platform/uploads.ts'
import { parseInput } from '../../platform/validate.ts'
import { viewerOf } from '../../platform/viewer.ts'
import { reportAbsence } from './absence.ts'
import { cancelLesson } from './cancel.ts'
import { writeLesson } from './lesson-write.ts'
import { materialFilename } from './material-files.ts'
import { addMaterial, removeMaterial } from './materials.ts'
import { updateNotes } from './notes.ts'

// Writes on a booked lesson: cancel, update (JSON notes and memos, or a multipart material),
// remove_file and report_absence. Each is one transaction and honours an Idempotency-Key
// (architecture.md "API"): the web's outbox replays notes and memos with one.

const materialFields = v.object({
  [MATERIAL_FIELDS.lessonId]: v.pipe(v.string(), v.uuid()),
  [MATERIAL_FIELDS.filename]: v.optional(v.string(), ''),
})

const missingFile = () =>
  new AppError('validation_failed', {
    errors: [
      { field: MATERIAL_FIELDS.file, message: englishIssue(decodeIssue('required')), code: 'required' },
    ],
  })

export async function lessonWriteRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }
  const write = <T>(
    request: { user: User; key: string | undefined; scope: string; body: unknown },
    schema: v.GenericSchema<unknown, T>,
    run: Parameters<typeof idempotentWrite<T>>[3],
  ) => idempotentWrite(ctx, { ...request, userId: request.user.id }, schema, run)

  app.post('/lessons/cancel', guarded, async (request, reply) => {
    const input = parseInput(lessonCancelSchema, request.body)
    return sendAnswer(reply, await cancelLesson(ctx, currentUser(request), input, idempotencyKey(request)))
  })

  /** Multipart POST /lessons/update: a material, hashed with its bytes for the Idempotency-Key. */
  async function uploadMaterial(request: FastifyRequest, reply: FastifyReply, user: User, key?: string) {
    const kinds = { [MATERIAL_FIELDS.file]: 'material' } as const
    const fields = [MATERIAL_FIELDS.lessonId, MATERIAL_FIELDS.filename]
    const answer = await withUpload(
      request,
      ctx,
      kinds,
      async (upload) => {
        const input = parseInput(materialFields, upload.payload)
        const file = upload.files[MATERIAL_FIELDS.file]
        const source = upload.sources[MATERIAL_FIELDS.file]
        if (!file || !source) throw missingFile()
        const lessonId = input[MATERIAL_FIELDS.lessonId]
        const filename = materialFilename(input[MATERIAL_FIELDS.filename] || source.filename, file.type)
        const body = { lesson_id: lessonId, filename, size: file.size, sha256: source.sha256 }
        const now = ctx.clock.now()
        const written = await write(
          { user, key, scope: 'POST /lessons/update', body },
          lessonResponse,
          async (tx) => ({
            status: 200,
            body: { data: await addMaterial(tx, ctx, viewerOf(user), { lessonId, filename, file }, now) },
          }),
        )
        // A replay stored nothing new: the bytes just received belong to no row.
        if (written.replayed) await discardFiles(ctx, [file.key])
        return written
      },
      { fields, digest: true },
    )
    return sendAnswer(reply, answer)
  }

  app.post('/lessons/update', guarded, async (request, reply) => {
    const user = currentUser(request)
    const key = idempotencyKey(request)
    if (request.isMultipart()) return uploadMaterial(request, reply, user, key)
    const answer = await writeLesson(
      ctx,
      request,
      'POST /lessons/update',
      lessonUpdateSchema,
      (tx, viewer, input, now) => updateNotes(tx, ctx, viewer, input, now),
    )
    return sendAnswer(reply, answer)
  })

  // product-rules.md "API calls" says GET; POST with the same query is accepted too (a delete is
  // not a safe read).
  const removeFile = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request)
    const key = idempotencyKey(request)
    const input = parseInput(removeFileQuery, request.query)
    const now = ctx.clock.now()
    let removedKey: string | undefined
    const answer = await write(
      { user, key, scope: 'POST /lessons/remove_file', body: input },
      lessonResponse,
      async (tx) => {
        const removed = await removeMaterial(tx, ctx, viewerOf(user), input, now)
        removedKey = removed.storageKey
        return { status: 200, body: { data: removed.lesson } }
      },
    )
    // The row is gone for good: only now may its bytes go (never a row without its file).
    await discardFiles(ctx, [removedKey])
    return sendAnswer(reply, answer)
  }
  // No automatic HEAD route: a HEAD (a link checker, a prefetch) must never delete anything.
  app.get('/lessons/remove_file', { ...guarded, exposeHeadRoute: false }, removeFile)
  app.post('/lessons/remove_file', guarded, removeFile)

  app.post('/lessons/report_absence', guarded, async (request, reply) => {
    const answer = await writeLesson(
      ctx,
      request,
      'POST /lessons/report_absence',
      absenceReportInputSchema,
      (tx, viewer, input, now) => reportAbsence(tx, ctx, viewer, input, now),
    )
    return sendAnswer(reply, answer)
  })
}
