import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import * as v from 'valibot'
import { aiErrorCodeOf } from '../../domain/ai-lesson/errors.ts'
import { type ChatMessage, type Conversation, chatEventSchemas } from '../../domain/api/ai-lesson.ts'
import { aiLessonKeys } from './ai-lesson-keys.ts'
import { ApiError } from './api-error.ts'
import { http } from './http.ts'

// The chat tab's conversation with the tutor: POST /ai-lesson/chat/send (or /retry) answers
// server-sent events — the stored message, the reply's pieces as they arrive, then the stored reply
// or the model's failure. The student's message is on the server before the model is asked, so
// after a failure it is shown with "try again".

export type ChatFailure = { code: string | null; message: string | null }
export type ChatState = {
  /** The student's message on its way, until the server has stored it. */
  pending: string | null
  /** The reply so far, while it streams in. */
  streaming: string | null
  busy: boolean
  failure: ChatFailure | null
}

type Handlers = {
  stored: (data: v.InferOutput<typeof chatEventSchemas.stored>) => void
  delta: (text: string) => void
  done: (message: ChatMessage) => void
  error: (failure: ChatFailure) => void
}

/** One event's data as its schema says, or the invalid-answer error (never a validation crash). */
function readEvent<T extends v.GenericSchema>(schema: T, data: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  throw new ApiError({ kind: 'invalid_response', message: 'Unexpected event from the AI tutor' })
}

function dispatch(block: string, on: Handlers): void {
  const event = /^event: (\w+)$/m.exec(block)?.[1]
  const raw = /^data: (.*)$/m.exec(block)?.[1]
  if (!event || raw === undefined) return
  const data: unknown = JSON.parse(raw)
  if (event === 'stored') on.stored(readEvent(chatEventSchemas.stored, data))
  else if (event === 'delta') on.delta(readEvent(chatEventSchemas.delta, data).text)
  else if (event === 'done') on.done(readEvent(chatEventSchemas.done, data).message)
  else if (event === 'error') {
    const failure = readEvent(chatEventSchemas.error, data)
    on.error({ code: failure.code, message: failure.error })
  }
}

/** Sends and reads the event stream to its end; a broken connection is the `network` failure. */
async function streamChat(path: string, body: unknown, on: Handlers): Promise<void> {
  try {
    const response = await http.readResponse(
      'post',
      path,
      { json: body, inline: true, timeout: 120_000 },
      async (r) => r,
    )
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
    if (!reader) throw new ApiError({ kind: 'network', message: 'No answer' })
    let buffer = ''
    let ended = false
    const handlers: Handlers = {
      ...on,
      done: (message) => {
        ended = true
        on.done(message)
      },
      error: (failure) => {
        ended = true
        on.error(failure)
      },
    }
    while (true) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += value
      const blocks = buffer.split('\n\n')
      buffer = blocks.pop() ?? ''
      for (const block of blocks) dispatch(block, handlers)
    }
    if (!ended) on.error({ code: 'network', message: null })
  } catch (error) {
    const code =
      error instanceof ApiError && error.kind === 'http'
        ? (error.code ?? aiErrorCodeOf(error.message) ?? null)
        : 'network'
    on.error({ code, message: null })
  }
}

const withMessage = (conversation: Conversation | null | undefined, message: ChatMessage) =>
  conversation && !conversation.messages.some((m) => m.id === message.id)
    ? { ...conversation, messages: [...conversation.messages, message] }
    : conversation

/** The chat's sending state and its two actions. */
export function useTutorChat() {
  const queryClient = useQueryClient()
  const [state, setState] = useState<ChatState>({
    pending: null,
    streaming: null,
    busy: false,
    failure: null,
  })
  const running = useRef(false)

  const run = useCallback(
    async (path: string, body: unknown, pending: string | null, fresh: boolean) => {
      if (running.current) return
      running.current = true
      setState({ pending, streaming: null, busy: true, failure: null })
      const key = aiLessonKeys.conversation()
      // A new conversation replaces the one on screen as soon as the message leaves.
      if (fresh) queryClient.setQueryData<Conversation | null>(key, null)
      const append = (message: ChatMessage) =>
        queryClient.setQueryData<Conversation | null>(key, (old) => withMessage(old, message))
      await streamChat(path, body, {
        stored: ({ conversation }) => {
          queryClient.setQueryData<Conversation | null>(key, conversation)
          setState((s) => ({ ...s, pending: null, streaming: '' }))
        },
        delta: (text) => setState((s) => ({ ...s, streaming: (s.streaming ?? '') + text })),
        done: (message) => {
          append(message)
          setState({ pending: null, streaming: null, busy: false, failure: null })
        },
        error: (failure) => setState({ pending: null, streaming: null, busy: false, failure }),
      })
      running.current = false
      setState((s) => ({ ...s, busy: false, streaming: null }))
      void queryClient.invalidateQueries({ queryKey: key })
      void queryClient.invalidateQueries({ queryKey: aiLessonKeys.progress() })
    },
    [queryClient],
  )

  const send = useCallback(
    (text: string, conversationId: string | undefined, topic: string) =>
      run(
        '/ai-lesson/chat/send',
        conversationId ? { conversation_id: conversationId, text } : { topic, text },
        text,
        conversationId === undefined,
      ),
    [run],
  )
  const retry = useCallback(
    (conversationId: string) =>
      run('/ai-lesson/chat/retry', { conversation_id: conversationId }, null, false),
    [run],
  )
  return { ...state, send, retry }
}
