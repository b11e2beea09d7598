import { queryOptions } from '@tanstack/react-query'
import {
  type ChatMessage,
  chatListResponse,
  chatMessageResponse,
  type LessonInteractionKind,
  lessonInteractionResponse,
  type RoomToken,
  roomTokenResponse,
} from '../../domain/api/room.ts'
import { http } from './http.ts'
import { lessonKeys } from './lessons.ts'

// The lesson room's calls (docs/lesson-room-protocol.md): lessons/generate_token and
// lesson_interactions/create, and the chat stored with the lesson (protocol §3).

export const roomKeys = {
  chat: (lessonId: string) => [...lessonKeys.detail(lessonId), 'chat'] as const,
}

/**
 * A fresh room token (protocol §1: asked for at every connection, never stored). `silent`: the
 * room shows its own message, and a reconnecting call retries without a toast per attempt.
 */
export const fetchRoomToken = (lessonId: string, signal?: AbortSignal): Promise<RoomToken> =>
  http
    .post('/lessons/generate_token', roomTokenResponse, {
      json: { lesson_id: lessonId },
      signal,
      silent: true,
    })
    .then((answer) => answer.data)

/** Adds messages to a list once each (by id), in the server's order (protocol §3: `id` increases). */
export function mergeChat(list: ChatMessage[], added: ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((message) => [message.id, message]))
  for (const message of added) byId.set(message.id, message)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

export const chatQueryOptions = (lessonId: string, pollMs: number | false) =>
  queryOptions({
    queryKey: roomKeys.chat(lessonId),
    queryFn: ({ signal }) =>
      http
        .get(`/lessons/chat?${new URLSearchParams({ lesson_id: lessonId })}`, chatListResponse, {
          signal,
          inline: true,
        })
        .then((answer) => mergeChat([], answer.data)),
    // Without the socket (the lobby) new messages are polled; in the room the socket pushes them.
    refetchInterval: pollMs,
    staleTime: 5_000,
  })

export type ChatSend = { lesson_id: string; body: string; client_id: string }

/** protocol §3: the same `client_id` makes a retry store the message once. */
export const sendChatMessage = (input: ChatSend) =>
  http.post('/lessons/chat', chatMessageResponse, { json: input, inline: true }).then((answer) => answer.data)

/** protocol §4: evidence of what happened in the room; a lost report is logged, never shown. */
export function reportInteraction(lessonId: string, kind: LessonInteractionKind): void {
  http
    .post('/lesson_interactions/create', lessonInteractionResponse, {
      json: { lesson_id: lessonId, kind },
      silent: true,
    })
    .catch((error: unknown) => console.warn(`The room's "${kind}" could not be recorded`, error))
}
