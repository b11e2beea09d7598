import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

// A fake OpenAI-compatible API on 127.0.0.1: it stands for the outside model service in integration
// and E2E tests. It records every request it receives (what the tutor sends) and answers chat
// completions as SSE (or, asked with `stream: false`, as one JSON completion: the lesson recap) and
// audio transcriptions as JSON, with segments when asked for `verbose_json`, as scripted by the test.

export type FakeReply =
  /** Streams these pieces, `pauseMs` apart. */
  | { pieces: string[]; pauseMs?: number }
  /** Answers this HTTP status (a model failure). */
  | { status: number }
  /** Sends the headers, then nothing: the tutor's time-out must end it. */
  | { hang: true }

export type ChatRequest = {
  authorization: string | undefined
  body: {
    model: string
    stream: boolean
    messages: { role: string; content: string }[]
    response_format?: { type: string }
  }
}
export type TranscriptionRequest = {
  model: string
  filename: string
  type: string
  bytes: number
  language: string | null
  responseFormat: string | null
  /** The file's SHA-256 (hex): which file was sent. */
  sha256: string
}

export type FakeOpenAi = {
  url: string
  chats: ChatRequest[]
  transcriptions: TranscriptionRequest[]
  /** Replies used in order; when none is queued, `defaultReply` answers. */
  replies: FakeReply[]
  defaultReply: FakeReply
  transcript: string
  /** The transcript's timed segments, answered to `verbose_json`. */
  segments: { start: number; end: number; text: string }[]
  /** Transcripts answered in order (a long audio's parts); when none is queued, `transcript` and `segments`. */
  transcriptReplies: { text: string; segments: { start: number; end: number; text: string }[] }[]
  close(): Promise<void>
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function streamReply(reply: FakeReply, response: ServerResponse): Promise<void> {
  if ('status' in reply) {
    response.writeHead(reply.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ error: { message: 'model failed' } }))
    return
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' })
  response.flushHeaders()
  if ('hang' in reply) return
  for (const piece of reply.pieces) {
    if (reply.pauseMs) await pause(reply.pauseMs)
    response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`)
  }
  response.end('data: [DONE]\n\n')
}

/** A whole (not streamed) completion: the pieces as one message. */
async function wholeReply(reply: FakeReply, response: ServerResponse): Promise<void> {
  if ('hang' in reply) {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.flushHeaders()
    return
  }
  if ('status' in reply) return streamReply(reply, response)
  if (reply.pauseMs) await pause(reply.pauseMs)
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(
    JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply.pieces.join('') } }] }),
  )
}

export async function startFakeOpenAi(port = 0): Promise<FakeOpenAi> {
  const hanging = new Set<ServerResponse>()
  const fake: Omit<FakeOpenAi, 'url' | 'close'> = {
    chats: [],
    transcriptions: [],
    replies: [],
    defaultReply: { pieces: ['Hello! ', 'How are you today?'] },
    transcript: '',
    segments: [],
    transcriptReplies: [],
  }
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request)
      if (request.method === 'POST' && request.url === '/v1/chat/completions') {
        const parsed: ChatRequest['body'] = JSON.parse(body.toString('utf8'))
        fake.chats.push({ authorization: request.headers.authorization, body: parsed })
        const reply = fake.replies.shift() ?? fake.defaultReply
        if ('hang' in reply) hanging.add(response)
        if (parsed.stream === false) await wholeReply(reply, response)
        else await streamReply(reply, response)
        return
      }
      if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
        const form = await new Request('http://fake/', {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          body: new Uint8Array(body),
        }).formData()
        const file = form.get('file')
        const field = (name: string) => {
          const value = form.get(name)
          return typeof value === 'string' ? value : null
        }
        const fileBytes = file instanceof File ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0)
        fake.transcriptions.push({
          model: field('model') ?? '',
          filename: file instanceof File ? file.name : '',
          type: file instanceof File ? file.type : '',
          bytes: fileBytes.length,
          language: field('language'),
          responseFormat: field('response_format'),
          sha256: createHash('sha256').update(fileBytes).digest('hex'),
        })
        const verbose = field('response_format') === 'verbose_json'
        const { text, segments } = fake.transcriptReplies.shift() ?? {
          text: fake.transcript,
          segments: fake.segments,
        }
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(verbose ? { text, segments } : { text }))
        return
      }
      response.writeHead(404).end()
    })().catch(() => response.writeHead(500).end())
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the fake did not bind a port')
  const bound = address.port
  return Object.assign(fake, {
    url: `http://127.0.0.1:${bound}/v1`,
    close: async () => {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  })
}
