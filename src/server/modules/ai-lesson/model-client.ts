import * as v from 'valibot'
import type { AiConfig } from '../../config.ts'
import { AppError } from '../../platform/errors.ts'

// The built-in tutor's model (architecture.md "AI lesson"): any OpenAI-compatible API
// (`AI_BASE_URL`: Ollama, vLLM, llama.cpp's server or a hosted one). The reply is streamed; the
// time-out covers the wait for the answer and every pause between two streamed pieces.

export type ModelMessage = { role: 'system' | 'user' | 'assistant'; content: string }

const chunkSchema = v.object({
  choices: v.array(
    v.object({ delta: v.optional(v.object({ content: v.optional(v.nullable(v.string())) })) }),
  ),
})
const transcriptSchema = v.object({ text: v.string() })

export type Endpoint = { baseUrl: string; model: string; apiKey: string | undefined; timeoutMs: number }

export function chatEndpoint(ai: AiConfig): Endpoint | null {
  return ai.baseUrl && ai.model ? { ...ai, baseUrl: ai.baseUrl, model: ai.model } : null
}

export function transcribeEndpoint(ai: AiConfig): Endpoint | null {
  return ai.baseUrl && ai.transcribeModel ? { ...ai, baseUrl: ai.baseUrl, model: ai.transcribeModel } : null
}

const headers = (endpoint: Endpoint): Record<string, string> =>
  endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}

/** An abort signal that fires after `ms` unless `touch`ed again, or when `outer` aborts. */
function idleTimer(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController()
  let timedOut = false
  let timer: NodeJS.Timeout | undefined
  const touch = () => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, ms)
  }
  const onOuter = () => controller.abort()
  outer?.addEventListener('abort', onOuter)
  touch()
  return {
    signal: controller.signal,
    touch,
    timedOut: () => timedOut,
    stop: () => {
      clearTimeout(timer)
      outer?.removeEventListener('abort', onOuter)
    },
  }
}

const failure = (timedOut: boolean) => new AppError(timedOut ? 'ai_model_timeout' : 'ai_model_failed')

/** The pieces of the model's reply as they arrive; throws ai_model_failed / ai_model_timeout. */
export async function* streamChat(
  endpoint: Endpoint,
  messages: ModelMessage[],
  outer?: AbortSignal,
): AsyncGenerator<string> {
  const timer = idleTimer(endpoint.timeoutMs, outer)
  try {
    let response: Response
    try {
      response = await fetch(`${endpoint.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers(endpoint) },
        body: JSON.stringify({ model: endpoint.model, messages, stream: true }),
        signal: timer.signal,
      })
    } catch {
      throw failure(timer.timedOut())
    }
    if (!response.ok || !response.body) throw failure(false)
    const decoder = new TextDecoder()
    let buffer = ''
    const reader = response.body.getReader()
    while (true) {
      const read = await reader.read().catch(() => {
        throw failure(timer.timedOut())
      })
      if (read.done) return
      timer.touch()
      buffer += decoder.decode(read.value, { stream: true })
      const lines = buffer.split('\n')
      buffer = lines.pop() ?? ''
      for (const line of lines) {
        const data = line.startsWith('data:') ? line.slice(5).trim() : ''
        if (data === '[DONE]') return
        if (!data) continue
        let parsed: unknown
        try {
          parsed = JSON.parse(data)
        } catch {
          throw failure(false)
        }
        const chunk = v.safeParse(chunkSchema, parsed)
        if (!chunk.success) throw failure(false)
        const piece = chunk.output.choices[0]?.delta?.content
        if (piece) yield piece
      }
    }
  } finally {
    timer.stop()
  }
}

/** The text of a recording (the API's /audio/transcriptions). */
export async function transcribe(
  endpoint: Endpoint,
  audio: { bytes: Buffer; filename: string; type: string },
  language: string | undefined,
): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.type }), audio.filename)
  form.append('model', endpoint.model)
  if (language) form.append('language', language)
  const timer = idleTimer(endpoint.timeoutMs, undefined)
  try {
    const response = await fetch(`${endpoint.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: headers(endpoint),
      body: form,
      signal: timer.signal,
    })
    if (!response.ok) throw failure(false)
    const parsed = v.safeParse(transcriptSchema, await response.json())
    if (!parsed.success) throw failure(false)
    return parsed.output.text
  } catch (error) {
    if (error instanceof AppError) throw error
    throw failure(timer.timedOut())
  } finally {
    timer.stop()
  }
}
