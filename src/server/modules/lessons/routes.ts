import type { FastifyInstance } from 'fastify'
import { lessonCreateSchema } from '../../../domain/api/lessons.ts'
import { downloadFileQuery, lessonListQuery, lessonShowQuery } from '../../../domain/api/my-lessons.ts'
import { currentUser, currentUserWithRole } from '../../platform/auth.ts'
import { idempotencyKey, sendAnswer } from '../../platform/idempotency.ts'
import { parseInput } from '../../platform/validate.ts'
import { viewerOf } from '../../platform/viewer.ts'
import { sendStoredFile } from '../files/public.ts'
import { bookLessons } from './book-lessons.ts'
import { listFinished, listGroup, listScheduled, showLesson } from './lists.ts'
import { openMaterial } from './materials.ts'
import { lessonWriteRoutes } from './write-routes.ts'

// With authentication: POST /lessons/create, students only (product-rules.md "Roles and
// permissions"), safe to retry with an Idempotency-Key (architecture.md "API"); a replay answers
// the first status and body. The lists, show and material downloads answer only the asking user's
// lessons.
export async function lessonRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.post('/lessons/create', guarded, async (request, reply) => {
    const student = currentUserWithRole(request, 'student')
    const key = idempotencyKey(request)
    const input = parseInput(lessonCreateSchema, request.body)
    return sendAnswer(reply, await bookLessons(ctx, student.id, input, key))
  })

  app.get('/lessons/list_scheduled', guarded, async (request) => ({
    data: await listScheduled(ctx, currentUser(request)),
  }))

  app.get('/lessons/list_finished', guarded, async (request) =>
    listFinished(ctx, currentUser(request), parseInput(lessonListQuery, request.query)),
  )

  app.get('/lessons/list_group', guarded, async (request) =>
    listGroup(ctx, currentUser(request), parseInput(lessonListQuery, request.query)),
  )

  app.get('/lessons/show', guarded, async (request) => ({
    data: await showLesson(ctx, currentUser(request), parseInput(lessonShowQuery, request.query).lesson_id),
  }))

  // FileItem (product-rules.md "Screens and routes"): both parties download; the bytes are never
  // shown in place (attachment, nosniff) and never kept in a shared cache.
  app.get('/lessons/download_file', guarded, async (request, reply) => {
    const query = parseInput(downloadFileQuery, request.query)
    const file = await openMaterial(ctx, viewerOf(currentUser(request)), query, request.headers.range)
    return sendStoredFile(reply, file, 'private, no-store')
  })

  await lessonWriteRoutes(app)
}
