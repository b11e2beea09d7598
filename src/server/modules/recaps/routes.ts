import type { FastifyInstance } from 'fastify'
import { recapIdBody, recapListQuery, recapUpdateBody } from '../../../domain/api/recaps.ts'
import { currentUser } from '../../platform/auth.ts'
import { parseInput } from '../../platform/validate.ts'
import { addRecapWords, listRecaps, publishRecap, removeTranscript, updateRecap } from './service.ts'

// The lesson's recaps: the parties' list, the teacher's edit and publish of a draft, the student's
// deletion of the transcript (docs/decisions.md "The lesson recap").

export async function recapRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.get('/lessons/recaps/list', guarded, async (request) => {
    const { lesson_id } = parseInput(recapListQuery, request.query)
    return { data: await listRecaps(ctx, currentUser(request), lesson_id) }
  })

  app.post('/lessons/recaps/update', guarded, async (request) => {
    const input = parseInput(recapUpdateBody, request.body)
    return { data: await updateRecap(ctx, currentUser(request), input) }
  })

  app.post('/lessons/recaps/publish', guarded, async (request) => {
    const { recap_id } = parseInput(recapIdBody, request.body)
    return { data: await publishRecap(ctx, currentUser(request), recap_id) }
  })

  app.post('/lessons/recaps/add_words', guarded, async (request) => {
    const { recap_id } = parseInput(recapIdBody, request.body)
    return { data: await addRecapWords(ctx, currentUser(request), recap_id) }
  })

  app.post('/lessons/recaps/delete_transcript', guarded, async (request) => {
    const { recap_id } = parseInput(recapIdBody, request.body)
    return { data: await removeTranscript(ctx, currentUser(request), recap_id) }
  })
}
