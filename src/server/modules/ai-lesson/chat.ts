import { splitTutorReply } from '../../../domain/ai-lesson/tutor-reply.ts'
import {
  type ChatInput,
  type ChatMessage,
  type Conversation,
  cefrLevel,
} from '../../../domain/api/ai-lesson.ts'
import { startOfPolandDay } from '../../../domain/poland-time.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { lockUser } from '../users/public.ts'
import { chatEndpoint, streamChat } from './model-client.ts'
import {
  type ConversationRow,
  conversationMessages,
  findConversation,
  insertConversation,
  insertMessage,
  languageName,
  latestConversation,
  type MessageRow,
  studentMessagesSince,
} from './repository.ts'
import { currentSettings } from './settings.ts'
import { tutorMessages } from './tutor-prompt.ts'

// The chat tab: the student's message is committed before the model is called, so a
// model error, a time-out or a closed tab loses nothing and the message can be retried; the
// tutor's reply is stored once it has fully arrived. AI_DAILY_MESSAGES bounds the cost.

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock'>

export const DEFAULT_TOPIC = 'Free conversation about the student’s day and interests'

export const messageDto = (row: MessageRow): ChatMessage => ({
  id: row.id,
  role: row.role,
  text: row.text,
  corrections: row.corrections,
  created_at: row.createdAt.toISOString(),
})

function conversationDto(row: ConversationRow, messages: MessageRow[]): Conversation {
  return {
    id: row.id,
    topic: row.topic,
    language_id: row.languageId,
    level: cefrLevel(row.level) ?? 'A2',
    created_at: row.createdAt.toISOString(),
    messages: messages.map(messageDto),
  }
}

/** The conversation asked for, or the latest one; null when the student has none yet. */
export async function showConversation(ctx: Ctx, student: User, id: string | undefined) {
  const row = id
    ? await findConversation(ctx.db, student.id, id)
    : await latestConversation(ctx.db, student.id)
  if (id && !row) throw new AppError('not_found')
  return row ? conversationDto(row, await conversationMessages(ctx.db, row.id)) : null
}

function requireEndpoint(ctx: Ctx) {
  const endpoint = chatEndpoint(ctx.config.ai)
  // No endpoint: the school has not enabled AI conversation; no reply is ever invented.
  if (!endpoint) throw new AppError('ai_not_configured')
  return endpoint
}

/** Stores the student's message (within the daily cap) in a new or their own conversation. */
export async function storeStudentMessage(ctx: Ctx, student: User, input: ChatInput) {
  requireEndpoint(ctx)
  const settings = await currentSettings(ctx, student)
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    // The student's row lock serialises their sends, so two at once cannot both pass the cap.
    await lockUser(tx, student.id)
    const sent = await studentMessagesSince(tx, student.id, startOfPolandDay(now))
    if (sent >= ctx.config.ai.dailyMessages) throw new AppError('ai_daily_messages')
    let conversation: ConversationRow | undefined
    if (input.conversation_id) {
      conversation = await findConversation(tx, student.id, input.conversation_id)
      if (!conversation) throw new AppError('not_found')
    } else {
      if (settings.language_id === null) throw new AppError('ai_language_required')
      conversation = await insertConversation(tx, {
        studentId: student.id,
        // Empty: a free conversation (the web names it in the student's language).
        topic: input.topic,
        languageId: settings.language_id,
        level: settings.level,
        createdAt: now,
      })
    }
    const message = await insertMessage(tx, {
      conversationId: conversation.id,
      studentId: student.id,
      role: 'student',
      text: input.text,
      createdAt: now,
    })
    return { conversation, message }
  })
}

/** A conversation whose last message (the student's) has no reply yet: what a retry answers. */
export async function conversationToRetry(ctx: Ctx, student: User, id: string) {
  requireEndpoint(ctx)
  const conversation = await findConversation(ctx.db, student.id, id)
  if (!conversation) throw new AppError('not_found')
  const messages = await conversationMessages(ctx.db, conversation.id)
  const last = messages.at(-1)
  if (last?.role !== 'student') throw new AppError('ai_nothing_to_retry')
  return { conversation, message: last }
}

/**
 * Asks the model for the reply to the conversation, passing each piece to `onPiece` as it
 * arrives, and stores the whole reply (its corrections apart). Throws the model's failure.
 */
export async function answer(
  ctx: Ctx,
  student: User,
  conversation: ConversationRow,
  onPiece: (piece: string) => void,
  signal: AbortSignal,
): Promise<ChatMessage> {
  const endpoint = requireEndpoint(ctx)
  const settings = await currentSettings(ctx, student)
  const brief = {
    language: (await languageName(ctx.db, conversation.languageId)) ?? 'English',
    level: conversation.level,
    explanationLocale: settings.explanation_locale,
    topic: conversation.topic || DEFAULT_TOPIC,
  }
  const history = await conversationMessages(ctx.db, conversation.id)
  let reply = ''
  for await (const piece of streamChat(endpoint, tutorMessages(brief, history), signal)) {
    reply += piece
    onPiece(piece)
  }
  const { corrections, text } = splitTutorReply(reply)
  if (!text && corrections.length === 0) throw new AppError('ai_model_failed')
  const stored = await insertMessage(ctx.db, {
    conversationId: conversation.id,
    studentId: student.id,
    role: 'tutor',
    text,
    corrections,
    createdAt: ctx.clock.now(),
  })
  return messageDto(stored)
}
