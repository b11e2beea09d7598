import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChatMessage } from '../../../domain/api/room.ts'
import { ApiError } from '../../api/api-error.ts'
import { chatQueryOptions, mergeChat, roomKeys, sendChatMessage } from '../../api/lesson-room.ts'

// The lesson's chat (protocol §3): the server's list, messages pushed by the socket merged in
// once each by id, and this side's messages on their way. A message that failed on the network
// is sent again with the same client_id (stored once); after a few tries it waits for a click.

const LOBBY_POLL_MS = 5_000
const AUTO_RETRIES = 5

export type OutgoingMessage = {
  client_id: string
  body: string
  status: 'sending' | 'failed'
  error: ApiError | null
}

export type LessonChat = {
  messages: ChatMessage[]
  outgoing: OutgoingMessage[]
  loading: boolean
  loadError: unknown
  send: (body: string) => void
  resend: (clientId: string) => void
  /** A message the socket pushed (either party's). */
  pushed: (message: ChatMessage) => void
  /** Fetches what was missed while the socket was away. */
  refresh: () => void
}

export function useLessonChat(lessonId: string, live: boolean): LessonChat {
  const queryClient = useQueryClient()
  const query = useQuery(chatQueryOptions(lessonId, live ? false : LOBBY_POLL_MS))
  const [outgoing, setOutgoing] = useState<OutgoingMessage[]>([])
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])
  useEffect(() => () => timers.current.forEach(clearTimeout), [])

  const stored = useCallback(
    (message: ChatMessage) => {
      queryClient.setQueryData(roomKeys.chat(lessonId), (list: ChatMessage[] | undefined) =>
        mergeChat(list ?? [], [message]),
      )
      setOutgoing((list) => list.filter((item) => item.client_id !== message.client_id))
    },
    [queryClient, lessonId],
  )

  const attempt = useCallback(
    (clientId: string, body: string, tries: number) => {
      setOutgoing((list) =>
        list.map((item) =>
          item.client_id === clientId ? { ...item, status: 'sending', error: null } : item,
        ),
      )
      sendChatMessage({ lesson_id: lessonId, body, client_id: clientId }).then(stored, (error: unknown) => {
        const apiError = error instanceof ApiError ? error : null
        const transient = apiError === null || apiError.kind === 'network' || apiError.isServerError
        if (transient && tries < AUTO_RETRIES) {
          timers.current.push(setTimeout(() => attempt(clientId, body, tries + 1), 1_000 * 2 ** tries))
          return
        }
        setOutgoing((list) =>
          list.map((item) =>
            item.client_id === clientId ? { ...item, status: 'failed', error: apiError } : item,
          ),
        )
      })
    },
    [lessonId, stored],
  )

  const send = useCallback(
    (body: string) => {
      const clientId = crypto.randomUUID()
      setOutgoing((list) => [...list, { client_id: clientId, body, status: 'sending', error: null }])
      attempt(clientId, body, 0)
    },
    [attempt],
  )

  const resend = useCallback(
    (clientId: string) => {
      const item = outgoing.find((message) => message.client_id === clientId)
      if (item) attempt(clientId, item.body, AUTO_RETRIES)
    },
    [attempt, outgoing],
  )

  const messages = query.data ?? []
  const known = new Set(messages.map((message) => message.client_id))
  return {
    messages,
    outgoing: outgoing.filter((item) => !known.has(item.client_id)),
    loading: query.isPending,
    loadError: query.error,
    send,
    resend,
    pushed: stored,
    refresh: useCallback(() => void query.refetch(), [query.refetch]),
  }
}
