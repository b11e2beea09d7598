import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ChatMessage } from '../../../domain/api/ai-lesson.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { answer, showConversation } from './chat.ts'
import type { ConversationRow } from './repository.ts'

// The chat's answer as server-sent events (replies stream in): `stored` (the student's
// message, committed), `delta` for each piece of the reply, then `done` with the stored reply or
// `error` with the model's failure — the student's message stays stored for a retry either way.

type Event = 'stored' | 'delta' | 'done' | 'error'

export async function streamAnswer(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>,
  request: FastifyRequest,
  reply: FastifyReply,
  student: User,
  conversation: ConversationRow,
): Promise<void> {
  reply.hijack()
  const raw = reply.raw
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  })
  const send = (event: Event, data: unknown) => {
    if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  }
  // The student closed the tab or went offline: stop asking the model (the message stays).
  const abort = new AbortController()
  const onClose = () => abort.abort()
  request.raw.on('close', onClose)
  send('stored', { conversation: await showConversation(ctx, student, conversation.id) })
  try {
    const message: ChatMessage = await answer(
      ctx,
      student,
      conversation,
      (piece) => send('delta', { text: piece }),
      abort.signal,
    )
    send('done', { message })
  } catch (error) {
    const failure = error instanceof AppError ? error : new AppError('ai_model_failed')
    if (!(error instanceof AppError)) ctx.log.error({ err: error }, 'AI tutor failed')
    send('error', { code: failure.code, error: failure.message })
  } finally {
    request.raw.off('close', onClose)
    raw.end()
  }
}
