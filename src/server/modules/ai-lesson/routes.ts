import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import {
  aiSettingsSchema,
  chatInputSchema,
  chatRetrySchema,
  conversationQuery,
  PRONUNCIATION_FIELDS,
  pronunciationTargetSchema,
  reviewInputSchema,
  wordIdSchema,
  wordInputSchema,
  wordResponse,
} from '../../../domain/api/ai-lesson.ts'
import { AppError } from '../../platform/errors.ts'
import { idempotencyKey, idempotentWrite, sendAnswer } from '../../platform/idempotency.ts'
import { parseInput } from '../../platform/validate.ts'
import { aiStudent } from './access.ts'
import { conversationToRetry, showConversation, storeStudentMessage } from './chat.ts'
import { streamAnswer } from './chat-stream.ts'
import { showProgress } from './progress.ts'
import { scorePronunciation } from './pronunciation.ts'
import { AUDIO_MAX_BYTES, readRecording } from './recording.ts'
import { showSettings, updateSettings } from './settings.ts'
import { lessonTopics } from './topics.ts'
import { aiLessonUrl } from './url.ts'
import { addWord, deleteWord, listWords, reviewWord } from './words.ts'

// GET /students/ai-lesson-url and the built-in tutor's endpoints. Every route
// needs a student with ai_access, and every one reads and writes only that student's rows.
export async function aiLessonRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.get('/students/ai-lesson-url', guarded, async (request) => ({
    data: await aiLessonUrl(ctx, aiStudent(request)),
  }))

  app.get('/ai-lesson/settings', guarded, async (request) => ({
    data: await showSettings(ctx, aiStudent(request)),
  }))
  app.post('/ai-lesson/settings', guarded, async (request) => {
    const student = aiStudent(request)
    return { data: await updateSettings(ctx, student, parseInput(aiSettingsSchema, request.body)) }
  })

  app.get('/ai-lesson/topics', guarded, async (request) => ({
    data: await lessonTopics(ctx.db, aiStudent(request).id, ctx.clock.now()),
  }))

  app.get('/ai-lesson/conversations/show', guarded, async (request) => {
    const student = aiStudent(request)
    const query = parseInput(conversationQuery, request.query)
    return { data: await showConversation(ctx, student, query.conversation_id) }
  })

  app.post('/ai-lesson/chat/send', guarded, async (request, reply) => {
    const student = aiStudent(request)
    const input = parseInput(chatInputSchema, request.body)
    const stored = await storeStudentMessage(ctx, student, input)
    await streamAnswer(ctx, request, reply, student, stored.conversation)
    return reply
  })

  app.post('/ai-lesson/chat/retry', guarded, async (request, reply) => {
    const student = aiStudent(request)
    const input = parseInput(chatRetrySchema, request.body)
    const waiting = await conversationToRetry(ctx, student, input.conversation_id)
    await streamAnswer(ctx, request, reply, student, waiting.conversation)
    return reply
  })

  app.get('/ai-lesson/words/list', guarded, async (request) => ({
    data: await listWords(ctx, aiStudent(request)),
  }))
  app.post('/ai-lesson/words/create', guarded, async (request) => {
    const student = aiStudent(request)
    return { data: await addWord(ctx, student, parseInput(wordInputSchema, request.body)) }
  })
  app.post('/ai-lesson/words/delete', guarded, async (request) => {
    const student = aiStudent(request)
    await deleteWord(ctx, student, parseInput(wordIdSchema, request.body).word_id)
    return { data: null }
  })
  // Reviews made offline are replayed from the outbox: the same Idempotency-Key applies once.
  app.post('/ai-lesson/words/review', guarded, async (request, reply) => {
    const student = aiStudent(request)
    const key = idempotencyKey(request)
    const input = parseInput(reviewInputSchema, request.body)
    const now = ctx.clock.now()
    const answer = await idempotentWrite(
      ctx,
      { userId: student.id, key, scope: 'POST /ai-lesson/words/review', body: input },
      wordResponse,
      async (tx) => ({ status: 200, body: { data: await reviewWord(tx, student, input, now) } }),
    )
    return sendAnswer(reply, answer)
  })

  app.post('/ai-lesson/pronunciation', guarded, async (request) => {
    const student = aiStudent(request)
    if (!request.isMultipart()) throw new AppError('unsupported_media_type')
    const recording = await readRecording(request, AUDIO_MAX_BYTES)
    const target = v.safeParse(pronunciationTargetSchema, recording.fields[PRONUNCIATION_FIELDS.target] ?? '')
    if (!target.success) {
      throw new AppError('validation_failed', {
        errors: [{ field: PRONUNCIATION_FIELDS.target, message: 'This field is required', code: 'required' }],
      })
    }
    return { data: await scorePronunciation(ctx, student, target.output, recording.audio) }
  })

  app.get('/ai-lesson/progress', guarded, async (request) => ({
    data: await showProgress(ctx, aiStudent(request)),
  }))
}
