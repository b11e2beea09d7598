import * as v from 'valibot'
import WebSocket from 'ws'
import { type RoomServerMessage, roomServerMessageSchema } from '../../domain/api/room.ts'

// A real WebSocket client of the lesson room (protocol §2) for the integration tests: it keeps
// every frame the server sends and waits for the one a test expects.

export type RoomClient = {
  ws: WebSocket
  received: RoomServerMessage[]
  /** Resolves with the next frame of `type` not yet taken (waiting up to `timeoutMs`). */
  next<T extends RoomServerMessage['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<RoomServerMessage, { type: T }>>
  /** Resolves with the close code once the socket has closed (or was refused: -1 and the HTTP status). */
  closed: Promise<{ code: number; status?: number }>
  send(message: unknown): void
  close(): void
}

const isOfType = <T extends RoomServerMessage['type']>(
  message: RoomServerMessage,
  type: T,
): message is Extract<RoomServerMessage, { type: T }> => message.type === type

export function connectRoom(
  baseUrl: string,
  token: string | undefined,
  options: { origin?: string | null; session?: string } = {},
): RoomClient {
  const url = new URL('/api/v1/lessons/room', baseUrl.replace(/^http/, 'ws'))
  if (token !== undefined) url.searchParams.set('token', token)
  const origin = options.origin === undefined ? baseUrl : options.origin
  const ws = new WebSocket(url, origin === null ? {} : { origin })
  // protocol §2: the first frame proves the session the token was made for.
  const { session } = options
  if (session !== undefined) ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', session })))
  const received: RoomServerMessage[] = []
  const taken = new Set<number>()
  const waiters = new Set<() => void>()
  ws.on('message', (data) => {
    received.push(v.parse(roomServerMessageSchema, JSON.parse(String(data))))
    for (const wake of waiters) wake()
  })
  const closed = new Promise<{ code: number; status?: number }>((resolve) => {
    ws.on('unexpected-response', (_request, response) => {
      resolve({ code: -1, status: response.statusCode })
      ws.terminate()
    })
    ws.on('close', (code) => resolve({ code }))
    ws.on('error', () => undefined)
  })
  const next = <T extends RoomServerMessage['type']>(type: T, timeoutMs = 5000) =>
    new Promise<Extract<RoomServerMessage, { type: T }>>((resolve, reject) => {
      const look = () => {
        const index = received.findIndex((message, i) => message.type === type && !taken.has(i))
        const found = received[index]
        if (!found || !isOfType(found, type)) return
        taken.add(index)
        waiters.delete(look)
        clearTimeout(timer)
        resolve(found)
      }
      const timer = setTimeout(() => {
        waiters.delete(look)
        reject(new Error(`no "${type}" within ${timeoutMs} ms; received ${JSON.stringify(received)}`))
      }, timeoutMs)
      waiters.add(look)
      look()
    })
  return {
    ws,
    received,
    next,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    close: () => ws.close(),
  }
}
